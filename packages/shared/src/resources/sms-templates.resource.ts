import { defineResource } from '../core/define-resource';
import { MESSAGE_KIND_LABELS, MESSAGE_KINDS } from '../rules/ad-window';

export const SMS_TEMPLATE_MAX = 1000;

/**
 * Mẫu tin nhắn SMS (issue 17): texts the SMS composer starts from, each a care message (reminders,
 * results: not advertising) or an advertising one (Nghị định 91/2020: sent 07:00–22:00, "[QC]" in front,
 * one per number in 24 hours). A template goes to a list of numbers, so it holds no {{variable}}: the
 * server refuses one (modules/sms/sms-templates.admin.ts).
 */
export const smsTemplateResource = defineResource({
  name: 'sms-templates',
  label: 'Mẫu tin nhắn',
  labelPlural: 'Mẫu tin nhắn SMS',
  path: '/api/his/v1/sms/templates',
  scope: 'facility',
  authority: 'MANAGER_SMS',
  exportName: 'mau-tin-nhan-sms',
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    { key: 'code', label: 'Mã mẫu', type: 'code', required: true, list: true, sortable: true, search: true, example: 'NHAC_LICH' },
    { key: 'name', label: 'Tên mẫu', type: 'text', required: true, max: 200, list: true, sortable: true, search: true, example: 'Nhắc lịch khám' },
    {
      key: 'kind',
      label: 'Loại tin',
      type: 'enum',
      required: true,
      list: true,
      filter: true,
      options: MESSAGE_KINDS.map((k) => ({ value: k, label: MESSAGE_KIND_LABELS[k] })),
      example: MESSAGE_KIND_LABELS.CARE,
    },
    {
      key: 'content',
      label: 'Nội dung',
      type: 'textarea',
      required: true,
      max: SMS_TEMPLATE_MAX,
      list: true,
      search: true,
      example: 'Benh vien nhac ban co lich kham vao sang mai. Vui long den truoc 15 phut.',
    },
  ],
});
