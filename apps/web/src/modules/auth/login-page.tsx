import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@portal/shared/messages.vi';
import { errorMessage } from '../../core/api/api-error';
import { authStore } from '../../core/auth/auth-store';
import { safeRedirect } from '../../core/auth/redirect';
import { notify } from '../../core/notify';
import { BrandMark } from '../../app/brand-mark';
import { T } from '../../app/messages';
import { login } from './auth.api';
import './login-page.css';

interface LoginValues {
  username?: string;
  password?: string;
}

export function LoginPage() {
  const [form] = Form.useForm<LoginValues>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);

  const submit = async ({ username, password }: LoginValues) => {
    const name = (username ?? '').trim();
    // Spec §4: a missing username or password is refused without calling the server.
    if (!name || !password) {
      notify.error(MSG.wrongCredentials);
      return;
    }
    setSubmitting(true);
    try {
      const res = await login(name, password);
      queryClient.clear();
      authStore.set(res.data);
      notify.success(MSG.loginSuccess);
      await navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (e) {
      notify.error(errorMessage(e, MSG.genericError));
      setSubmitting(false);
    }
  };

  return (
    <div className="login-page">
      <aside className="login-brand">
        <div className="login-brand-head">
          <BrandMark size={36} />
          <span>{T.product.fullName}</span>
        </div>
        <div>
          <h1>{T.login.sideTitle}</h1>
          <ul>
            {T.login.sidePoints.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
        <div className="login-brand-foot">
          {T.product.developedBy} {T.product.vendor}
        </div>
      </aside>
      <main className="login-main">
        <div className="login-card">
          <div className="login-mobile-head">
            <BrandMark size={32} />
            <span>{T.product.fullName}</span>
          </div>
          <h2>{T.login.title}</h2>
          <p className="login-subtitle">{T.login.subtitle}</p>
          <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} autoComplete="on" size="large">
            <Form.Item label={T.login.username} name="username">
              <Input prefix={<UserOutlined />} placeholder={T.login.usernamePlaceholder} autoComplete="username" autoFocus maxLength={100} />
            </Form.Item>
            <Form.Item label={T.login.password} name="password">
              <Input.Password prefix={<LockOutlined />} placeholder={T.login.passwordPlaceholder} autoComplete="current-password" maxLength={100} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={submitting}>
              {T.login.submit}
            </Button>
          </Form>
          <div className="login-help">{T.login.help}</div>
        </div>
      </main>
    </div>
  );
}
