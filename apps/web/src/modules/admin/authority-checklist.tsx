import { Alert, Checkbox, Flex } from 'antd';
import { AUTHORITY_OPTIONS } from '@portal/shared/resources/roles.resource';
import { T } from '../../app/messages';

/** The role form's authorities: every authority of spec §6 with its Vietnamese label, as a checklist. */
export function AuthorityChecklist({ value, onChange, id }: { value?: string[]; onChange?: (v: string[]) => void; id?: string }) {
  const checked = value ?? [];
  return (
    <Flex vertical gap={8} id={id}>
      <Checkbox.Group
        value={checked}
        onChange={(v) => onChange?.(v as string[])}
        style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 6 }}
        options={AUTHORITY_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
      />
      {checked.includes('ADMIN_FACILITY') && <Alert type="info" showIcon title={T.admin.allAuthorities} />}
    </Flex>
  );
}
