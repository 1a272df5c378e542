import { useTranslation } from 'next-i18next/pages';
import { useState, type FormEvent } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import styles from '@/components/profile/profile-edit.module.css';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { Dialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/error-text';
import { formatDay } from '@/lib/format/day';
import { SCOPES, TOKEN_EXPIRY_DAYS, TOKEN_LIMITS, type TScope } from '@/lib/schemas/tokens';
import { toastError, toastSuccess } from '@/lib/toast';
import { failureOf } from '@/services/api';
import {
  type TAccessToken,
  type TNewAccessToken,
  useAccessTokensQuery,
  useCreateAccessTokenMutation,
  useRevokeAccessTokenMutation,
} from '@/services/tokens-api';
import own from './tokens.module.css';

const SECRET_ID = 'new-access-token';
const secretField = () => document.getElementById(SECRET_ID) as HTMLInputElement | null;

/** What each scope allows, as the form and the list name it (`tokens:scopes.<key>`). */
const scopeKey = (scope: TScope) => scope.replace(':', '_');

/**
 * /account/tokens (docs/product.md "Access tokens"): the form that makes a personal access
 * token, the new token shown once with a Copy button, the caller's tokens, and Revoke (asked in
 * a dialog).
 */
export function TokensScreen() {
  const { t, i18n } = useTranslation('tokens');
  const { t: common } = useTranslation('common');
  const failureText = useFailureText();
  const { data, isLoading, isError, refetch } = useAccessTokensQuery();
  const [create, creating] = useCreateAccessTokenMutation();
  const [revoke, revoking] = useRevokeAccessTokenMutation();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TScope[]>([]);
  const [days, setDays] = useState<number>(30);
  const [errors, setErrors] = useState<{ name?: string; scopes?: string }>({});
  const [made, setMade] = useState<TNewAccessToken | null>(null);
  const [revokingToken, setRevokingToken] = useState<TAccessToken | null>(null);
  const day = (iso: string) => formatDay(iso, i18n.language);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (scopes.length === 0) return setErrors({ scopes: t('form.scopes_required') });
    const outcome = await create({ name, scopes, expires_in_days: days });
    if ('error' in outcome) {
      const fields = failureOf(outcome.error).fields;
      const nameError = fields.find((f) => f.path === 'name');
      if (nameError) return setErrors({ name: errorText(common, nameError) });
      return toastError(failureText(failureOf(outcome.error), { fallback: t('form.error') }));
    }
    setMade(outcome.data);
    setName('');
    setScopes([]);
    setErrors({});
    // The secret is what to look at now: focus goes to it (it is selected for copying).
    requestAnimationFrame(() => secretField()?.focus());
  }

  async function copy() {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made.token);
      toastSuccess(t('made.copied'));
    } catch {
      secretField()?.select();
      toastError(t('made.copy_failed'));
    }
  }

  async function confirmRevoke() {
    if (!revokingToken) return;
    const outcome = await revoke(revokingToken.id);
    if ('error' in outcome) {
      return toastError(failureText(failureOf(outcome.error), { fallback: t('list.error') }));
    }
    if (made?.id === revokingToken.id) setMade(null);
    setRevokingToken(null);
    toastSuccess(t('revoke.done'));
  }

  const toggle = (scope: TScope, on: boolean) => {
    setScopes((list) => (on ? [...list, scope] : list.filter((s) => s !== scope)));
    setErrors((e) => ({ ...e, scopes: undefined }));
  };

  return (
    <div className={own.screen}>
      <p className={own.lead}>
        {t('lead')} <a href="/api/docs">{t('docs_link')}</a>
      </p>

      {made && (
        <section className={own.made} aria-labelledby="token-made-title">
          <h2 id="token-made-title">{t('made.title', { name: made.name })}</h2>
          <p className={own.warning}>{t('made.warning')}</p>
          <div className={own.secretRow}>
            <TextField
              id={SECRET_ID}
              label={t('made.label')}
              value={made.token}
              readOnly
              spellCheck={false}
              autoComplete="off"
              onFocus={(e) => e.currentTarget.select()}
              className={own.secret}
            />
            <Button type="button" onClick={() => void copy()}>
              {t('made.copy')}
            </Button>
          </div>
          <Button type="button" variant="ghost" onClick={() => setMade(null)}>
            {t('made.done')}
          </Button>
        </section>
      )}

      <section className={styles.section} aria-labelledby="token-form-title">
        <header className={styles.sectionHeader}>
          <h2 id="token-form-title">{t('form.title')}</h2>
        </header>
        <form onSubmit={submit} noValidate className={own.form}>
          <TextField
            label={t('form.name')}
            hint={t('form.name_hint')}
            maxLength={TOKEN_LIMITS.name}
            required
            value={name}
            error={errors.name ?? null}
            onChange={(e) => {
              setName(e.target.value);
              setErrors((x) => ({ ...x, name: undefined }));
            }}
          />
          <fieldset
            className={own.scopes}
            aria-describedby={errors.scopes ? 'token-scopes-error' : undefined}
          >
            <legend>{t('form.scopes')}</legend>
            {SCOPES.map((scope) => (
              <CheckboxField
                key={scope}
                label={t(`scopes.${scopeKey(scope)}.label`)}
                hint={t(`scopes.${scopeKey(scope)}.hint`)}
                checked={scopes.includes(scope)}
                onChange={(e) => toggle(scope, e.target.checked)}
              />
            ))}
            {errors.scopes && (
              <p id="token-scopes-error" className={own.error} role="alert">
                {errors.scopes}
              </p>
            )}
          </fieldset>
          <SelectField
            label={t('form.expiry')}
            value={String(days)}
            onChange={(e) => setDays(Number(e.target.value))}
            options={TOKEN_EXPIRY_DAYS.map((d) => ({
              value: String(d),
              label: t(`form.expiry_days.d${d}`),
            }))}
          />
          <div>
            <Button type="submit" disabled={creating.isLoading}>
              {t('form.submit')}
            </Button>
          </div>
        </form>
      </section>

      <section className={styles.section} aria-labelledby="token-list-title">
        <header className={styles.sectionHeader}>
          <h2 id="token-list-title">{t('list.title')}</h2>
        </header>
        {isLoading ? (
          <p role="status">{t('list.loading')}</p>
        ) : isError || !data ? (
          <div role="alert">
            <p>{t('list.load_error')}</p>
            <Button variant="secondary" onClick={() => void refetch()}>
              {t('list.retry')}
            </Button>
          </div>
        ) : data.length === 0 ? (
          <div className={own.empty}>
            <p>{t('list.empty')}</p>
            <p>
              <a href="/api/docs">{t('list.empty_docs')}</a>
            </p>
          </div>
        ) : (
          <ul className={own.list}>
            {data.map((token) => (
              <li key={token.id} className={own.item}>
                <div className={own.head}>
                  <h3 className={own.name}>{token.name}</h3>
                  <code className={own.prefix}>{token.prefix}…</code>
                </div>
                <p className={own.scopeList}>
                  {token.scopes.map((s) => t(`scopes.${scopeKey(s)}.label`)).join(' · ')}
                </p>
                <dl className={own.facts}>
                  <div>
                    <dt>{t('list.created')}</dt>
                    <dd>{day(token.created_at)}</dd>
                  </div>
                  <div>
                    <dt>{t('list.last_used')}</dt>
                    <dd>{token.last_used_at ? day(token.last_used_at) : t('list.never')}</dd>
                  </div>
                  <div>
                    <dt>{token.expired ? t('list.expired') : t('list.expires')}</dt>
                    <dd>{day(token.expires_at)}</dd>
                  </div>
                </dl>
                <div>
                  <Button
                    type="button"
                    variant="danger"
                    aria-label={t('list.revoke_named', { name: token.name })}
                    onClick={() => setRevokingToken(token)}
                  >
                    {t('list.revoke')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Dialog
        open={revokingToken !== null}
        title={t('revoke.title', { name: revokingToken?.name ?? '' })}
        onClose={() => setRevokingToken(null)}
        dismissible={!revoking.isLoading}
        actions={
          <>
            <Button type="button" variant="ghost" onClick={() => setRevokingToken(null)}>
              {t('revoke.cancel')}
            </Button>
            <Button
              type="button"
              variant="danger"
              disabled={revoking.isLoading}
              onClick={() => void confirmRevoke()}
            >
              {t('revoke.confirm')}
            </Button>
          </>
        }
      >
        <p>{t('revoke.body')}</p>
      </Dialog>
    </div>
  );
}
