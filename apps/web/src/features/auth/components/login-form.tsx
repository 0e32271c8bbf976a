import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Flex, Form, Input } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { passwordRules } from '@/lib/validation';
import { useLogin } from '../api/login';

interface LoginValues {
  username: string;
  password: string;
  agreement: boolean;
}

interface LoginFormProps {
  onForgotPassword: () => void;
  /** Filled in after a password reset, so the user only types the new password. */
  email?: string;
}

export function LoginForm({ onForgotPassword, email }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const [form] = Form.useForm<LoginValues>();
  const login = useLogin();

  useEffect(() => {
    if (email) form.setFieldsValue({ username: email, password: '' });
  }, [email, form]);

  // mutateAsync, not mutate: signing in unmounts this form (the guard leaves /login), and the
  // callbacks of `mutate` would be dropped with it.
  const submit = ({ username, password }: LoginValues) =>
    login.mutateAsync({ username: username.trim(), password }).then(
      () => void message.success(t('login.success')),
      (error: Error) => void message.error(error.message),
    );

  return (
    <Form<LoginValues> form={form} layout="vertical" size="large" requiredMark={false} onFinish={submit} name="login">
      <Form.Item
        name="username"
        label={t('login.username')}
        rules={[{ required: true, whitespace: true, message: tc('validation.username.required') }]}
      >
        <Input prefix={<MailOutlined />} placeholder={t('login.username.placeholder')} autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item name="password" label={t('login.password')} rules={passwordRules(tc('validation.password.length'))}>
        <Input.Password prefix={<LockOutlined />} placeholder={t('login.password.placeholder')} autoComplete="current-password" />
      </Form.Item>
      <Flex justify="end" style={{ marginTop: -16, marginBottom: 8 }}>
        <Button type="link" size="small" onClick={onForgotPassword} style={{ paddingInline: 0 }}>
          {t('login.forgot')}
        </Button>
      </Flex>
      <Form.Item
        name="agreement"
        valuePropName="checked"
        rules={[
          {
            validator: (_, checked: boolean) =>
              checked ? Promise.resolve() : Promise.reject(new Error(tc('validation.agreement.required'))),
          },
        ]}
      >
        <Checkbox>
          {t('login.agreement.prefix')} <Link to="/agreement">{t('login.agreement.link')}</Link>
        </Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={login.isPending}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
