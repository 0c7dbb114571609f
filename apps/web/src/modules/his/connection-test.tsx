import { Alert, Descriptions, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { CapabilityDto, ConnectionTestDto } from '@portal/shared/contracts/his.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatDateTimeSeconds, orDash } from '@portal/shared/rules/format';
import { TagList } from '../../core/crud/cells';
import { TH } from './his.messages';

const M = TH.test;
type Resource = CapabilityDto['resources'][number];

const tags = (items: string[]) => items.map((i) => ({ key: i, text: i }));
const columns: ColumnsType<Resource> = [
  {
    title: M.resource,
    key: 'type',
    render: (_v, r) => (
      <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
        {r.type}
      </Typography.Text>
    ),
  },
  { title: M.interactions, key: 'interactions', render: (_v, r) => <TagList items={tags(r.interactions)} max={4} /> },
  { title: M.searchParams, key: 'params', render: (_v, r) => <TagList items={tags(r.searchParams)} max={4} /> },
];

/** What "Kiểm tra kết nối" found: ok or not and why, how fast, and what the HIS's CapabilityStatement offers. */
export function ConnectionTestResult({ test }: { test: ConnectionTestDto }) {
  const cap = test.capability;
  return (
    <Flex vertical gap={12} data-testid="his-test-result">
      <Alert
        type={test.ok ? 'success' : 'error'}
        showIcon
        title={test.message}
        description={`${fmt(M.testedAt, { at: formatDateTimeSeconds(test.testedAt) })} · ${fmt(M.elapsed, { ms: test.elapsedMs })}`}
      />
      {cap && (
        <>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'fhir', label: M.fhirVersion, children: orDash(cap.fhirVersion) },
              { key: 'software', label: M.software, children: orDash(cap.software) },
            ]}
          />
          {cap.missing.length > 0 && (
            <Alert
              type="warning"
              showIcon
              title={M.missing}
              description={
                <Flex wrap gap={4}>
                  {cap.missing.map((m) => (
                    <Tag key={m} color="warning">
                      {m}
                    </Tag>
                  ))}
                </Flex>
              }
            />
          )}
          <Typography.Text strong>{M.resources}</Typography.Text>
          <Table<Resource> size="small" rowKey="type" pagination={false} columns={columns} dataSource={cap.resources} scroll={{ x: true }} />
        </>
      )}
    </Flex>
  );
}
