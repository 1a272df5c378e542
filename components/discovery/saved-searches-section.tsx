import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useState, type FormEvent } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/error-text';
import { runHref, type TSavedQuery } from '@/lib/saved-search-url';
import { toastError, toastSuccess } from '@/lib/toast';
import { failureOf } from '@/services/api';
import {
  type TAlert,
  type TSavedSearch,
  useDeleteSavedSearchMutation,
  useSavedSearchesQuery,
  useUpdateSavedSearchMutation,
} from '@/services/saved-searches-api';
import styles from '@/components/profile/profile-edit.module.css';
import own from './saved-searches.module.css';

const ALERTS: TAlert[] = ['instant', 'daily', 'off'];

/** The filters of a saved query, in words ("design · Figma · remote"). */
function useQueryWords() {
  const { t } = useTranslation('profile');
  return (q: TSavedQuery) =>
    [
      q.search && `“${q.search}”`,
      q.skill,
      q.country,
      q.modality &&
        t(`settings.saved_searches.modality.${q.modality}`, { defaultValue: q.modality }),
      q.contract &&
        t(`settings.saved_searches.contract.${q.contract}`, { defaultValue: q.contract }),
      q.min_pay !== undefined && `≥ ${q.min_pay} ${q.currency ?? ''}`.trim(),
      q.max_pay !== undefined && `≤ ${q.max_pay} ${q.currency ?? ''}`.trim(),
    ]
      .filter(Boolean)
      .join(' · ') || t('settings.saved_searches.everything');
}

/**
 * The "Saved searches" section of /profile/settings (docs/product.md "Saved searches and
 * alerts"): each with its filters, its alert (changed at once), Run (opens /opportunities with
 * them), Rename and Delete (each in a dialog).
 */
export default function SavedSearchesSection() {
  const { t } = useTranslation('profile');
  const { t: common } = useTranslation('common');
  const failureText = useFailureText();
  const words = useQueryWords();
  const { data, isLoading, isError, refetch } = useSavedSearchesQuery();
  const [update, updating] = useUpdateSavedSearchMutation();
  const [remove, removing] = useDeleteSavedSearchMutation();
  const [renaming, setRenaming] = useState<TSavedSearch | null>(null);
  const [newName, setNewName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TSavedSearch | null>(null);

  const failed = (error: unknown) =>
    toastError(failureText(failureOf(error), { fallback: t('settings.saved_searches.error') }));

  async function changeAlert(s: TSavedSearch, alert: TAlert) {
    const outcome = await update({ id: s.id, alert });
    if ('error' in outcome) return failed(outcome.error);
    toastSuccess(t('settings.saved_searches.alert_saved'));
  }

  async function rename(e: FormEvent) {
    e.preventDefault();
    if (!renaming) return;
    const outcome = await update({ id: renaming.id, name: newName });
    if ('error' in outcome) {
      const field = failureOf(outcome.error).fields.find((f) => f.path === 'name');
      if (field) return setNameError(errorText(common, field));
      return failed(outcome.error);
    }
    setRenaming(null);
    toastSuccess(t('settings.saved_searches.renamed'));
  }

  async function confirmDelete() {
    if (!deleting) return;
    const outcome = await remove(deleting.id);
    if ('error' in outcome) return failed(outcome.error);
    setDeleting(null);
    toastSuccess(t('settings.saved_searches.deleted'));
  }

  return (
    <section id="saved-searches" className={styles.section} aria-labelledby="saved-searches-title">
      <header className={styles.sectionHeader}>
        <h2 id="saved-searches-title">{t('settings.saved_searches.title')}</h2>
        <p>{t('settings.saved_searches.lead')}</p>
      </header>
      {isLoading ? (
        <p role="status">{t('settings.saved_searches.loading')}</p>
      ) : isError || !data ? (
        <div role="alert">
          <p>{t('settings.saved_searches.load_error')}</p>
          <Button variant="secondary" onClick={() => void refetch()}>
            {t('settings.saved_searches.retry')}
          </Button>
        </div>
      ) : data.length === 0 ? (
        <p>{t('settings.saved_searches.empty')}</p>
      ) : (
        <ul className={own.list}>
          {data.map((s) => (
            <li key={s.id} className={own.item}>
              <div className={own.head}>
                <h3 className={own.name}>{s.name}</h3>
                <p className={own.filters}>
                  {t(`settings.saved_searches.kind.${s.kind}`)} · {words(s.query)}
                </p>
              </div>
              <SelectField
                label={t('settings.saved_searches.alert')}
                value={s.alert}
                disabled={updating.isLoading}
                onChange={(e) => void changeAlert(s, e.target.value as TAlert)}
                options={ALERTS.map((a) => ({
                  value: a,
                  label: t(`settings.saved_searches.alerts.${a}`),
                }))}
              />
              <div className={own.actions}>
                <Link className={own.run} href={runHref(s.kind, s.query)}>
                  {t('settings.saved_searches.run')}
                  <span className="visually-hidden">: {s.name}</span>
                </Link>
                <Button
                  type="button"
                  variant="secondary"
                  aria-label={t('settings.saved_searches.rename_named', { name: s.name })}
                  onClick={() => {
                    setNewName(s.name);
                    setNameError(null);
                    setRenaming(s);
                  }}
                >
                  {t('settings.saved_searches.rename')}
                </Button>
                <Button
                  type="button"
                  variant="danger"
                  aria-label={t('settings.saved_searches.delete_named', { name: s.name })}
                  onClick={() => setDeleting(s)}
                >
                  {t('settings.saved_searches.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={renaming !== null}
        title={t('settings.saved_searches.rename_title')}
        onClose={() => setRenaming(null)}
        dismissible={!updating.isLoading}
        actions={
          <>
            <Button type="button" variant="ghost" onClick={() => setRenaming(null)}>
              {t('settings.saved_searches.cancel')}
            </Button>
            <Button type="submit" form="rename-search-form" disabled={updating.isLoading}>
              {t('settings.saved_searches.rename_submit')}
            </Button>
          </>
        }
      >
        <form id="rename-search-form" onSubmit={rename} noValidate>
          <TextField
            label={t('settings.saved_searches.name')}
            maxLength={80}
            required
            value={newName}
            error={nameError}
            onChange={(e) => {
              setNewName(e.target.value);
              setNameError(null);
            }}
          />
        </form>
      </Dialog>
      <Dialog
        open={deleting !== null}
        title={t('settings.saved_searches.delete_title')}
        onClose={() => setDeleting(null)}
        dismissible={!removing.isLoading}
        actions={
          <>
            <Button type="button" variant="ghost" onClick={() => setDeleting(null)}>
              {t('settings.saved_searches.cancel')}
            </Button>
            <Button
              type="button"
              variant="danger"
              disabled={removing.isLoading}
              onClick={() => void confirmDelete()}
            >
              {t('settings.saved_searches.delete')}
            </Button>
          </>
        }
      >
        <p>{t('settings.saved_searches.delete_lead', { name: deleting?.name ?? '' })}</p>
      </Dialog>
    </section>
  );
}
