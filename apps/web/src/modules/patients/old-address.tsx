import { useState } from 'react';
import { Alert, Button, Col, Flex, Form, Input, List, Modal, Row, Tag, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { addressEndpoints, type AddressValidateInput, type AddressValidateResult, type AreaRef } from '@portal/shared/contracts/address.contract';
import { call } from '../../core/api/endpoint-client';
import { reportError } from '../../core/crud/resource-api';
import { OLD_ADDRESS as M } from './address.messages';

/** What the form takes from a mapped address. */
export interface MappedAddress {
  province: AreaRef;
  ward: AreaRef;
  street: string | null;
}

interface Parts {
  text?: string;
  province?: string;
  district?: string;
  ward?: string;
}

const STATUS_TYPE = { valid: 'success', mapped: 'success', ambiguous: 'warning', unknown: 'error' } as const;

/**
 * The profile form's old-address helper: staff paste an address written before 01/07/2025, or type its
 * old province, district and ward (codes or names, with or without diacritics); the server says what it
 * is today (POST /address/validate) and the form applies the mapped province and ward. A commune split
 * among several new ones, or a name found in several places, lists every candidate: staff choose.
 */
export function OldAddressButton({ onApply }: { onApply: (a: MappedAddress) => void }) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Parts>();
  const [result, setResult] = useState<AddressValidateResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  const check = useMutation({
    mutationFn: (p: Parts) => {
      const body: AddressValidateInput = p.text?.trim()
        ? { text: p.text.trim() }
        : { province: p.province?.trim() || undefined, district: p.district?.trim() || undefined, ward: p.ward?.trim() || undefined };
      return call(addressEndpoints.validate, { body });
    },
    onSuccess: (res) => setResult(res.data),
    onError: (e) => {
      setResult(null);
      reportError(e);
    },
  });

  const submit = (p: Parts) => {
    if (!p.text?.trim() && !p.province?.trim() && !p.ward?.trim()) {
      setError(M.needInput);
      return;
    }
    setError(null);
    check.mutate(p);
  };

  const close = () => {
    setOpen(false);
    setResult(null);
    setError(null);
    form.resetFields();
  };

  const apply = (province: AreaRef, ward: AreaRef) => {
    onApply({ province, ward, street: result?.street ?? null });
    close();
  };

  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} title={M.openHint}>
        {M.open}
      </Button>
      <Modal open={open} title={M.title} onCancel={close} width={640} footer={<Button onClick={close}>{M.close}</Button>} destroyOnHidden>
        <Form form={form} layout="vertical" onFinish={submit}>
          <Form.Item name="text" label={M.paste}>
            <Input.TextArea aria-label={M.paste} rows={2} maxLength={300} placeholder={M.pastePlaceholder} />
          </Form.Item>
          <Typography.Text type="secondary">{M.or}</Typography.Text>
          <Row gutter={8} style={{ marginTop: 8 }}>
            <Col span={8}>
              <Form.Item name="province" label={M.province}>
                <Input aria-label={M.province} maxLength={100} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="district" label={M.district}>
                <Input aria-label={M.district} maxLength={100} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="ward" label={M.ward}>
                <Input aria-label={M.ward} maxLength={100} />
              </Form.Item>
            </Col>
          </Row>
          <Button type="primary" htmlType="submit" loading={check.isPending}>
            {M.check}
          </Button>
        </Form>
        {error && <Alert style={{ marginTop: 12 }} type="error" title={error} />}
        {result && <ResultView result={result} onApply={apply} />}
      </Modal>
    </>
  );
}

const place = (ward: AreaRef, province: AreaRef) => `${ward.name}, ${province.name}`;

function ResultView({ result, onApply }: { result: AddressValidateResult; onApply: (province: AreaRef, ward: AreaRef) => void }) {
  const old = result.old;
  return (
    <Flex vertical gap={8} style={{ marginTop: 12 }} data-testid="old-address-result">
      <Alert type={STATUS_TYPE[result.status]} title={result.message} />
      {old && (
        <Typography.Text>
          {M.oldWas}: {old.ward.name}, {old.district.name}, {old.province.name}
        </Typography.Text>
      )}
      {result.province && result.ward && (
        <Flex align="center" gap={8} wrap>
          <Typography.Text strong>
            {M.today}: {place(result.ward, result.province)}
          </Typography.Text>
          {result.street && (
            <Typography.Text type="secondary">
              ({M.street}: {result.street})
            </Typography.Text>
          )}
          <Button type="primary" size="small" onClick={() => onApply(result.province!, result.ward!)}>
            {M.apply}
          </Button>
        </Flex>
      )}
      {!result.ward && result.candidates.length > 0 && (
        <List
          size="small"
          header={<Typography.Text strong>{M.candidates}</Typography.Text>}
          bordered
          style={{ maxHeight: 260, overflow: 'auto' }}
          dataSource={result.candidates}
          renderItem={(c) => (
            <List.Item
              actions={[
                <Button key="apply" size="small" onClick={() => onApply(c.province, c.ward)} aria-label={`${M.apply} ${place(c.ward, c.province)}`}>
                  {M.apply}
                </Button>,
              ]}
            >
              <Flex vertical>
                <span>{place(c.ward, c.province)}</span>
                {c.from && <Typography.Text type="secondary">{c.partial ? M.partOf(c.from.name) : M.from(c.from.name)}</Typography.Text>}
              </Flex>
              {!c.ward.active && <Tag>{M.inactive}</Tag>}
            </List.Item>
          )}
        />
      )}
    </Flex>
  );
}
