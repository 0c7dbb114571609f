import { useState } from 'react';
import { Button, Flex, Input, InputNumber, Modal, Popconfirm, Space, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewsCategoryRowDto, NewsScope } from '@portal/shared/contracts/news.contract';
import { reportError } from '../../core/crud/resource-api';
import { notify } from '../../core/notify';
import { newsApi, newsKeys } from './news.api';
import { TN } from './news.messages';

const T = TN.cats;

/** The scope's categories: add, rename, reorder, remove (one not used by any article). */
export function CategoryManager({ scope, open, onClose }: { scope: NewsScope; open: boolean; onClose: () => void }) {
  const api = newsApi(scope);
  const qc = useQueryClient();
  const cats = useQuery({ queryKey: newsKeys.categories(scope), queryFn: () => api.categories(), enabled: open });
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<{ id: number; name: string; position: number } | null>(null);
  const done = () => {
    void qc.invalidateQueries({ queryKey: newsKeys.all(scope) });
  };
  const save = useMutation({
    mutationFn: async (c: { id?: number; name: string; position: number }) =>
      c.id ? api.updateCategory(c.id, c.name, c.position) : api.createCategory(c.name, c.position),
    onSuccess: () => {
      notify.success(T.saved);
      setName('');
      setEditing(null);
    },
    onSettled: done,
    onError: (e) => reportError(e),
  });
  const remove = useMutation({ mutationFn: (id: number) => api.removeCategory(id), onSettled: done, onError: (e) => reportError(e) });
  const nextPosition = (cats.data ?? []).reduce((m, c) => Math.max(m, c.position + 1), 0);
  return (
    <Modal open={open} onCancel={onClose} title={T.title} footer={null} width={640} destroyOnHidden>
      <Flex vertical gap={12}>
        <Space.Compact style={{ width: '100%' }}>
          <Input
            aria-label={T.name}
            placeholder={T.name}
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
            onPressEnter={() => name.trim() && save.mutate({ name: name.trim(), position: nextPosition })}
          />
          <Button type="primary" icon={<PlusOutlined />} disabled={!name.trim()} onClick={() => save.mutate({ name: name.trim(), position: nextPosition })}>
            {T.add}
          </Button>
        </Space.Compact>
        <Table<NewsCategoryRowDto>
          rowKey="id"
          size="small"
          pagination={false}
          loading={cats.isFetching}
          dataSource={cats.data ?? []}
          columns={[
            {
              title: T.name,
              key: 'name',
              render: (_v, c) =>
                editing?.id === c.id ? (
                  <Input aria-label={T.name} maxLength={100} value={editing.name} onChange={(e) => setEditing({ ...editing, name: e.target.value })} />
                ) : (
                  c.name
                ),
            },
            {
              title: T.position,
              key: 'position',
              width: 90,
              render: (_v, c) =>
                editing?.id === c.id ? (
                  <InputNumber
                    aria-label={T.position}
                    min={0}
                    max={10000}
                    value={editing.position}
                    onChange={(v) => setEditing({ ...editing, position: v ?? 0 })}
                  />
                ) : (
                  c.position
                ),
            },
            { title: T.articles, key: 'articles', dataIndex: 'articles', width: 100, align: 'right' },
            {
              key: 'actions',
              width: 150,
              render: (_v, c) =>
                editing?.id === c.id ? (
                  <Space size={0}>
                    <Button size="small" type="link" onClick={() => save.mutate({ id: c.id, name: editing.name.trim(), position: editing.position })}>
                      {T.save}
                    </Button>
                    <Button size="small" type="link" onClick={() => setEditing(null)}>
                      {T.cancel}
                    </Button>
                  </Space>
                ) : (
                  <Space size={0}>
                    <Button size="small" type="link" onClick={() => setEditing({ id: c.id, name: c.name, position: c.position })}>
                      {TN.edit}
                    </Button>
                    {c.articles === 0 && (
                      <Popconfirm title={T.confirmRemove} okText={TN.yes} cancelText={TN.no} onConfirm={() => remove.mutate(c.id)}>
                        <Button size="small" type="link" danger>
                          {TN.remove}
                        </Button>
                      </Popconfirm>
                    )}
                  </Space>
                ),
            },
          ]}
        />
      </Flex>
    </Modal>
  );
}
