import type { FastifyInstance } from 'fastify';
import type { FieldError } from '@portal/shared/core/api';
import { resourceEndpoints } from '@portal/shared/core/resource-endpoints';
import { smsTemplateResource } from '@portal/shared/resources';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { templateVariables } from '@portal/shared/rules/message-template';
import type { AppContext } from '../../core/context';
import { resourceRoutes } from '../../core/crud/resource-routes';
import { tableHandler, type CatalogTable } from '../../core/crud/table-handler';
import { smsTemplates } from '../../db/schema';

/** A template goes to a list of numbers: nothing fills a {{variable}}, so one is refused (a Vietnamese 400, nothing written). */
export function validateSmsTemplate(body: Record<string, unknown>): FieldError[] {
  const vars = templateVariables(String(body.content ?? ''));
  return vars.length ? [{ field: 'content', message: `Mẫu gửi theo danh sách số không dùng biến: bỏ ${vars.map((v) => `{{${v}}}`).join(', ')}` }] : [];
}

/** /api/his/v1/sms/templates: the generic catalogue routes (list, form, Excel) with the template rule. */
export function smsTemplateRoutes(app: FastifyInstance, ctx: AppContext): void {
  resourceRoutes(
    app,
    smsTemplateResource,
    tableHandler(ctx, smsTemplateResource, smsTemplates as unknown as CatalogTable, {
      derive: (body) => ({ searchText: normalizeText(`${String(body.code ?? '')} ${String(body.name ?? '')} ${String(body.content ?? '')}`) }),
      validate: async (_ex, _caller, body) => validateSmsTemplate(body),
    }),
    { endpoints: resourceEndpoints(smsTemplateResource) },
  );
}
