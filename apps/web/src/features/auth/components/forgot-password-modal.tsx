import { LockOutlined, MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Form, Input, Modal, Space, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '@/hooks/use-countdown';
import { codeRules, emailRules, matchesField, passwordRules } from '@/lib/validation';
import { useResetPassword } from '../api/reset-password';
import { useSendResetCode, type ResetCodeTiming } from '../api/send-reset-code';
import { useVerifyResetCode, type ResetCode } from '../api/verify-reset-code';

interface ForgotPasswordModalProps {
  open: boolean;
  onClose: () => void;
  /** Called with the e-mail once the new password is set. */
  onReset: (email: string) => void;
}

/** Forgot password (spec §2): verify the e-mail with a code, then set a new password with confirmation. */
export function ForgotPasswordModal({ open, onClose, onReset }: ForgotPasswordModalProps) {
  const { t } = useTranslation('auth');
  const [verified, setVerified] = useState<ResetCode | null>(null);

  const close = () => {
    setVerified(null);
    onClose();
  };

  return (
    <Modal open={open} title={t('forgot.title')} footer={null} onCancel={close} destroyOnHidden width={440} centered>
      <Steps
        size="small"
        current={verified ? 1 : 0}
        items={[{ title: t('forgot.step.verify') }, { title: t('forgot.step.reset') }]}
        style={{ margin: '16px 0 24px' }}
      />
      {verified ? (
        <NewPasswordStep
          code={verified}
          onDone={() => {
            setVerified(null);
            onReset(verified.email);
          }}
        />
      ) : (
        <VerifyStep onVerified={setVerified} />
      )}
    </Modal>
  );
}

function VerifyStep({ onVerified }: { onVerified: (code: ResetCode) => void }) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const [form] = Form.useForm<ResetCode>();
  const [secondsLeft, startCountdown] = useCountdown();
  const sendCode = useSendResetCode();
  const verify = useVerifyResetCode();
  // What the last send answered: where the code went decides what the screen says.
  const [sent, setSent] = useState<ResetCodeTiming | null>(null);

  const send = () =>
    form
      .validateFields(['email'])
      .then(({ email }) =>
        sendCode.mutate(email.trim(), {
          onSuccess: (answer) => {
            startCountdown(answer.resendAfterSeconds);
            setSent(answer);
            if (answer.delivery === 'email') void message.info(t('forgot.codeSent', { minutes: String(Math.round(answer.expiresInSeconds / 60)) }));
          },
        }),
      )
      // An invalid e-mail is already marked on the field.
      .catch(() => undefined);

  const submit = ({ email, code }: ResetCode) => {
    const attempt = { email: email.trim(), code: code.trim() };
    verify.mutate(attempt, { onSuccess: () => onVerified(attempt) });
  };

  return (
    <Form<ResetCode> form={form} layout="vertical" requiredMark={false} onFinish={submit} name="forgot-verify">
      <Form.Item name="email" label={t('forgot.email')} rules={emailRules(tc('validation.email.required'), tc('validation.email.invalid'))}>
        <Input prefix={<MailOutlined />} placeholder={t('forgot.email.placeholder')} autoComplete="email" />
      </Form.Item>
      <Form.Item label={t('forgot.code')} htmlFor="forgot-verify_code" required={false}>
        <Space.Compact block>
          <Form.Item name="code" noStyle rules={codeRules(tc('validation.code.required'), tc('validation.code.format'))}>
            <Input prefix={<SafetyOutlined />} maxLength={6} inputMode="numeric" autoComplete="one-time-code" placeholder="000000" />
          </Form.Item>
          <Button onClick={send} loading={sendCode.isPending} disabled={secondsLeft > 0} style={{ minWidth: 132 }}>
            {secondsLeft > 0 ? t('forgot.resendIn', { seconds: String(secondsLeft) }) : t('forgot.sendCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
      {sent && (
        <Alert
          className="md-forgot-delivery"
          style={{ marginBottom: 16 }}
          showIcon
          type={sent.delivery === 'email' ? 'info' : 'warning'}
          message={
            sent.delivery === 'email'
              ? t('forgot.codeSent', { minutes: String(Math.round(sent.expiresInSeconds / 60)) })
              : t('forgot.noMail', { minutes: String(Math.round(sent.expiresInSeconds / 60)) })
          }
        />
      )}
      <Button type="primary" htmlType="submit" block loading={verify.isPending}>
        {t('forgot.next')}
      </Button>
    </Form>
  );
}

interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

function NewPasswordStep({ code, onDone }: { code: ResetCode; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const { t: tc } = useTranslation('common');
  const { message } = App.useApp();
  const reset = useResetPassword();

  const submit = (values: NewPasswordValues) =>
    reset.mutate(
      { ...code, ...values },
      {
        onSuccess: () => {
          void message.success(t('forgot.success'));
          onDone();
        },
      },
    );

  return (
    <Form<NewPasswordValues> layout="vertical" requiredMark={false} onFinish={submit} name="forgot-reset">
      <Form.Item name="password" label={t('forgot.password')} rules={passwordRules(tc('validation.password.length'))}>
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('forgot.confirm')}
        dependencies={['password']}
        rules={[{ required: true, message: tc('validation.password.mismatch') }, matchesField('password', tc('validation.password.mismatch'))]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={reset.isPending}>
        {t('forgot.submit')}
      </Button>
    </Form>
  );
}
