import { forgotPasswordSchema, loginSchema, setPasswordSchema } from '@scm/contracts';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { TFunction } from 'i18next';
import type { ZodType } from 'zod';
import { ApiError, api } from '../../api/client';
import { signIn } from '../../api/session';
import { Button } from '../../components/ui/Button';
import { TextField } from '../../components/ui/TextField';
import { ROUTE_TREE } from '../route-tree';
import { firstAllowedPath } from '../resolve';
import { showSuccess } from '../../state/feedback';
import { PublicLanguageSwitch } from './PublicLanguageSwitch';

type Mode = 'login' | 'reset' | 'invite';
type Errors = Record<string, string>;

/** Field errors from a contracts schema, translated (the same rules the server applies). */
function validate(schema: ZodType, value: unknown, t: TFunction): Errors {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.');
    const message = t(
      issue.message.startsWith('validation.') ? `validation:${issue.message.slice(11)}` : 'validation:invalid',
      (issue as { params?: Record<string, unknown> }).params ?? {},
    );
    // Every rule a password breaks is listed, one per line.
    errors[field] = errors[field] ? `${errors[field]}\n${message}` : message;
  }
  return errors;
}

function serverErrors(error: unknown, t: TFunction): Errors {
  if (!(error instanceof ApiError)) return { form: t('web:errors.generic') };
  const errors: Errors = { form: error.message };
  for (const field of error.fieldErrors) errors[field.field] = field.message;
  return errors;
}

/**
 * /login, /reset and /invite (SPEC.md §2): sign in with email or username, forgot password, set a new
 * password from a reset link, accept an invitation by choosing a password.
 */
export default function LoginPage({ mode }: { mode: Mode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [forgot, setForgot] = useState(false);
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const field = (name: string) => ({
    value: values[name] ?? '',
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
    error: errors[name],
    name,
  });

  async function run(schema: ZodType, body: Record<string, string>, action: () => Promise<void>) {
    const found = validate(schema, body, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await action();
    } catch (error) {
      setErrors(serverErrors(error, t));
    } finally {
      setBusy(false);
    }
  }

  const onSignIn = (event: FormEvent) => {
    event.preventDefault();
    const body = { username: values.username ?? '', password: values.password ?? '' };
    void run(loginSchema, body, async () => {
      const user = await signIn(body.username, body.password);
      const redirect = params.get('redirect');
      const safe =
        redirect?.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/login')
          ? redirect
          : undefined;
      void navigate(safe ?? firstAllowedPath(ROUTE_TREE, user) ?? '/404', { replace: true });
    });
  };

  const onForgot = (event: FormEvent) => {
    event.preventDefault();
    const body = { email: values.email ?? '' };
    void run(forgotPasswordSchema, body, async () => {
      await api.post('/api/forgot_password', body, { loading: true, silent: true });
      setSent(true);
    });
  };

  const onSetPassword = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      token: params.get('token') ?? '',
      password: values.password ?? '',
      confirm_password: values.confirm_password ?? '',
    };
    void run(setPasswordSchema, body, async () => {
      const path = mode === 'invite' ? '/api/accept_invitation' : '/api/reset_password';
      const response = await api.put<null>(path, body, { loading: true, silent: true });
      showSuccess(response.message);
      void navigate('/login', { replace: true });
    });
  };

  const title =
    mode === 'invite'
      ? t('web:login.inviteTitle')
      : mode === 'reset'
        ? t('web:login.resetTitle')
        : forgot
          ? t('web:login.forgotTitle')
          : t('web:login.title');

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-slate-100 to-blue-100 p-4">
      <div className="w-full max-w-sm rounded-xl bg-white p-8 shadow-lg">
        <div className="flex items-center justify-between">
          <p className="text-xs font-semibold tracking-widest text-blue-700 uppercase">{t('web:app.title')}</p>
          <PublicLanguageSwitch className="-mr-2" />
        </div>
        <h1 className="mt-1 mb-6 text-xl font-semibold text-slate-900">{title}</h1>
        {errors.form && (
          <p role="alert" className="mb-4 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
            {errors.form}
          </p>
        )}
        {mode === 'login' && !forgot && (
          <form onSubmit={onSignIn} className="space-y-4" noValidate>
            <TextField label={t('web:login.username')} autoComplete="username" required {...field('username')} />
            <TextField
              label={t('web:login.password')}
              type="password"
              autoComplete="current-password"
              required
              {...field('password')}
            />
            <Button type="submit" className="w-full" disabled={busy}>
              {t('web:login.submit')}
            </Button>
            <button
              type="button"
              className="text-sm text-blue-700 hover:underline"
              onClick={() => (setForgot(true), setErrors({}))}
            >
              {t('web:login.forgot')}
            </button>
          </form>
        )}
        {mode === 'login' && forgot && (
          <form onSubmit={onForgot} className="space-y-4" noValidate>
            {sent ? (
              <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-800">
                {t('web:login.resetSent')}
              </p>
            ) : (
              <>
                <p className="text-sm text-slate-600">{t('web:login.forgotHelp')}</p>
                <TextField
                  label={t('web:login.email')}
                  type="email"
                  autoComplete="email"
                  required
                  {...field('email')}
                />
                <Button type="submit" className="w-full" disabled={busy}>
                  {t('web:login.sendReset')}
                </Button>
              </>
            )}
            <button
              type="button"
              className="text-sm text-blue-700 hover:underline"
              onClick={() => (setForgot(false), setSent(false), setErrors({}))}
            >
              {t('web:login.backToSignIn')}
            </button>
          </form>
        )}
        {mode !== 'login' && (
          <form onSubmit={onSetPassword} className="space-y-4" noValidate>
            <p className="text-sm text-slate-600">{t('web:login.passwordRules')}</p>
            <TextField
              label={t('web:login.newPassword')}
              type="password"
              autoComplete="new-password"
              required
              {...field('password')}
            />
            <TextField
              label={t('web:login.confirmPassword')}
              type="password"
              autoComplete="new-password"
              required
              {...field('confirm_password')}
            />
            {errors.token && <p className="text-sm text-red-600">{t('web:login.linkInvalid')}</p>}
            <Button type="submit" className="w-full" disabled={busy}>
              {mode === 'invite' ? t('web:login.acceptInvite') : t('web:login.setPassword')}
            </Button>
            <Link to="/login" className="block text-sm text-blue-700 hover:underline">
              {t('web:login.backToSignIn')}
            </Link>
          </form>
        )}
        <p className="mt-8 text-center text-xs text-slate-400">{__APP_VERSION__}</p>
      </div>
    </main>
  );
}
