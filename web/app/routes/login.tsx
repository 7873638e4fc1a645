import { MailCheck } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useToast } from '../../components/overlays/toast.tsx';
import { Button, TextField } from '../../components/ui/form.tsx';
import {
  fetchMe,
  fetchPublicConfig,
  refreshMeAfterSignIn,
  requestPasswordReset,
  sendSignInLink,
  setNewPassword,
  shareMeWithApp,
  signInWithPassword,
  startGoogleSignIn,
  storedSignInEmail,
} from '../../features/accounts/api/session.ts';
import { academy } from '../../lib/academy.ts';
import { ApiError, reasonOr } from '../../lib/api-client.ts';
import { t } from '../../lib/shell-text.ts';
import { PublicFrame } from '../layout/public-frame.tsx';

/**
 * The server's answer, asked once as the screen opens. This screen asks without the query cache,
 * which it would be the only reason to load (scripts/size-budget.ts).
 */
function useAnswerOnOpen<Answer>(
  ask: (options: { signal: AbortSignal }) => Promise<Answer>,
): Answer | undefined {
  const [answer, setAnswer] = useState<Answer>();
  useEffect(() => {
    const controller = new AbortController();
    ask({ signal: controller.signal }).then(setAnswer, () => undefined);
    return () => controller.abort();
  }, [ask]);
  return answer;
}

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

function GoogleIcon() {
  return (
    <svg viewBox="0 0 48 48" className="size-5" aria-hidden="true">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2c-2 1.5-4.5 2.4-7.2 2.4-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

/** Setting a new password from the link of a reset e-mail (#/login?resetToken=…). */
function ResetPasswordForm({ token }: { token: string }) {
  const { showToast } = useToast();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < 8) return setError(t('screens.login.passwordTooShort'));
    setBusy(true);
    try {
      await setNewPassword(token, password);
      showToast(t('screens.login.passwordSet'), 'success');
      navigate('/login', { replace: true });
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 0
          ? failure.message
          : t('errors.invalid_link'),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label={t('screens.login.newPassword')}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={error}
      />
      <Button type="submit" busy={busy} className="w-full">
        {t('screens.login.setPassword')}
      </Button>
    </form>
  );
}

export default function LoginScreen() {
  const { showToast } = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const me = useAnswerOnOpen(fetchMe);
  const config = useAnswerOnOpen(fetchPublicConfig);
  const [email, setEmail] = useState(storedSignInEmail.get() ?? '');
  const [password, setPassword] = useState('');
  const [usePassword, setUsePassword] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string>();

  useEffect(() => {
    if (params.get('error')) showToast(t('errors.auth_failed'), 'warning');
  }, [params, showToast]);

  const resetToken = params.get('resetToken');
  const memberArrived = me?.state === 'member' && !resetToken;
  useEffect(() => {
    if (!memberArrived) return;
    void shareMeWithApp(me).then(() => navigate('/activity', { replace: true }));
  }, [memberArrived, me, navigate]);
  if (memberArrived) return null;

  const failWith = (failure: unknown) => setError(reasonOr(failure, t('errors.internal_error')));

  const sendLink = async (event: FormEvent) => {
    event.preventDefault();
    if (!looksLikeEmail(email)) return setError(t('screens.login.invalidEmail'));
    setError(undefined);
    setBusy(true);
    try {
      const address = email.trim().toLowerCase();
      await sendSignInLink(address);
      storedSignInEmail.set(address);
      setSentTo(address);
      showToast(t('toasts.loginLinkSent'), 'success');
    } catch (failure) {
      failWith(failure);
    } finally {
      setBusy(false);
    }
  };

  const signIn = async (event: FormEvent) => {
    event.preventDefault();
    if (!looksLikeEmail(email)) return setError(t('screens.login.invalidEmail'));
    setBusy(true);
    try {
      await signInWithPassword(email.trim().toLowerCase(), password);
      await refreshMeAfterSignIn();
      navigate('/activity', { replace: true });
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status === 0
          ? failure.message
          : t('screens.login.wrongPassword'),
      );
    } finally {
      setBusy(false);
    }
  };

  const forgot = async () => {
    if (!looksLikeEmail(email)) return setError(t('screens.login.invalidEmail'));
    try {
      await requestPasswordReset(email.trim().toLowerCase());
      showToast(t('screens.login.resetPasswordSent'), 'success');
    } catch (failure) {
      failWith(failure);
    }
  };

  if (resetToken) {
    return (
      <PublicFrame title={t('screens.login.setPassword')}>
        <ResetPasswordForm token={resetToken} />
      </PublicFrame>
    );
  }

  return (
    <PublicFrame
      title={t('screens.login.title')}
      subtitle={t('screens.login.subtitle', { academy: academy().name })}
    >
      {sentTo ? (
        <div
          className="mb-5 flex gap-3 rounded-2xl bg-emerald-50 p-4 text-emerald-900"
          data-testid="link-sent"
        >
          <MailCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <p className="text-sm leading-6">
            <strong className="font-semibold break-all">{sentTo}</strong>
            <br />
            {t('screens.login.checkMail')}
          </p>
        </div>
      ) : null}
      <form onSubmit={usePassword ? signIn : sendLink} noValidate className="space-y-4">
        <TextField
          label={t('screens.login.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('screens.login.emailPlaceholder')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={usePassword ? undefined : error}
          hint={usePassword ? undefined : t('screens.login.linkHint')}
        />
        {usePassword ? (
          <TextField
            label={t('screens.login.password')}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={error}
          />
        ) : null}
        <Button type="submit" busy={busy} className="w-full">
          {usePassword
            ? t('screens.login.signIn')
            : busy
              ? t('screens.login.sending')
              : t('screens.login.sendLink')}
        </Button>
      </form>
      <div className="mt-3 flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          className="min-h-11 font-medium text-accent-700 hover:underline"
          onClick={() => {
            setUsePassword((on) => !on);
            setError(undefined);
          }}
        >
          {usePassword ? t('screens.login.useLink') : t('screens.login.usePassword')}
        </button>
        {usePassword ? (
          <button
            type="button"
            className="min-h-11 font-medium text-stone-600 hover:underline"
            onClick={forgot}
          >
            {t('screens.login.forgot')}
          </button>
        ) : null}
      </div>
      {config?.googleEnabled ? (
        <>
          <div className="my-5 flex items-center gap-3 text-xs text-stone-500" aria-hidden="true">
            <span className="h-px flex-1 bg-stone-200" />
            {t('screens.login.or')}
            <span className="h-px flex-1 bg-stone-200" />
          </div>
          <Button
            variant="secondary"
            className="w-full"
            onClick={() => void startGoogleSignIn().catch((failure) => failWith(failure))}
          >
            <GoogleIcon />
            {t('screens.login.google')}
          </Button>
        </>
      ) : null}
      {config?.guestModeEnabled ? (
        <Link
          to="/guest"
          className="mt-5 flex min-h-11 items-center justify-center text-sm font-medium text-stone-600 hover:text-stone-900 hover:underline"
        >
          {t('screens.login.guest')}
        </Link>
      ) : null}
    </PublicFrame>
  );
}
