import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useToast } from '../../components/overlays/toast.tsx';
import { Button, TextField } from '../../components/ui/form.tsx';
import { refreshMe } from '../../features/accounts/api/me.ts';
import { redeemSignInLink, storedSignInEmail } from '../../features/accounts/api/session.ts';
import { academy } from '../../lib/academy.ts';
import { ApiError } from '../../lib/api-client.ts';
import { t } from '../../lib/shell-text.ts';
import { PublicFrame } from '../layout/public-frame.tsx';

/**
 * Completes sign-in by e-mail link (spec 5). The link is redeemed when the person presses the
 * button, so a mail scanner opening the link spends nothing. Opened on another device, where
 * this browser did not send the link, it first asks for the e-mail.
 */
export default function FinishLoginScreen() {
  const { showToast } = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = params.get('token');
  const stored = storedSignInEmail.get();
  const [email, setEmail] = useState(stored ?? '');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  if (!token) {
    return <InvalidLink />;
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await redeemSignInLink(token, email.trim().toLowerCase());
      storedSignInEmail.clear();
      await refreshMe(queryClient);
      navigate('/activity', { replace: true });
    } catch (failure) {
      if (
        failure instanceof ApiError &&
        (failure.code === 'email_mismatch' || failure.code === 'validation_failed')
      ) {
        setError(
          failure.code === 'email_mismatch' ? failure.message : t('screens.login.invalidEmail'),
        );
      } else if (failure instanceof ApiError && failure.status === 0) {
        setError(failure.message);
      } else {
        showToast(t('errors.invalid_link'), 'error');
        navigate('/login', { replace: true });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <PublicFrame
      title={t('screens.finishLogin.title')}
      subtitle={t('screens.finishLogin.subtitle', { academy: academy().name })}
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {stored ? (
          <p className="rounded-xl bg-stone-100 px-4 py-3 text-sm font-medium text-stone-800">
            {stored}
          </p>
        ) : (
          <>
            <p className="text-sm leading-6 text-stone-600">{t('screens.finishLogin.askEmail')}</p>
            <TextField
              label={t('screens.login.email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={error}
            />
          </>
        )}
        {stored && error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" busy={busy} className="w-full">
          {busy ? t('screens.finishLogin.working') : t('screens.finishLogin.continue')}
        </Button>
      </form>
    </PublicFrame>
  );
}

/** A link without its token: say so and go back to the login screen (spec 5). */
function InvalidLink() {
  const { showToast } = useToast();
  const navigate = useNavigate();
  useEffect(() => {
    showToast(t('errors.invalid_link'), 'error');
    navigate('/login', { replace: true });
  }, [navigate, showToast]);
  return null;
}
