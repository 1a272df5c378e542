import { useTranslation } from 'next-i18next/pages';
import { useState, type FormEvent } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { useFieldErrors } from '@/components/forms/use-field-errors';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { kindOfTab, savedQueryOf } from '@/lib/saved-search-url';
import { toastError, toastSuccess } from '@/lib/toast';
import { failureOf } from '@/services/api';
import { type TAlert, useSaveSearchMutation } from '@/services/saved-searches-api';

export const ALERT_CHOICES: TAlert[] = ['instant', 'daily', 'off'];

/**
 * "Save this search" on /opportunities (docs/product.md "Saved searches and alerts"): a dialog
 * that keeps the tab's current filters under a name, with how new matching postings are told.
 * Shown to signed-in users; loaded only for them (components/marketplace/browse/opportunities.tsx).
 */
export default function SaveSearch({
  tab,
  values,
}: {
  tab: 'projects' | 'jobs';
  values: Record<string, string>;
}) {
  const { t } = useTranslation('market');
  const failureText = useFailureText();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [alert, setAlert] = useState<TAlert>('instant');
  const [save, { isLoading }] = useSaveSearchMutation();
  const fields = useFieldErrors();

  const start = () => {
    setName(values.search?.trim() || t('saved.default_name', { kind: t(`kinds.${tab}`) }));
    setAlert('instant');
    fields.setErrors([]);
    setOpen(true);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const outcome = await save({
      name,
      alert,
      kind: kindOfTab(tab),
      query: savedQueryOf(values),
    });
    if ('error' in outcome) {
      const failure = failureOf(outcome.error);
      const shown = failure.fields.filter((f) => f.path === 'name' || f.path === 'alert');
      if (shown.length > 0) fields.setErrors(shown);
      else {
        toastError(
          failureText(failure, { fallback: t('saved.error'), codes: { limit: t('saved.limit') } }),
        );
      }
      return;
    }
    setOpen(false);
    toastSuccess(t('saved.saved'));
  }

  return (
    <>
      <Button type="button" variant="secondary" onClick={start}>
        {t('saved.save')}
      </Button>
      <Dialog
        open={open}
        title={t('saved.dialog_title')}
        onClose={() => setOpen(false)}
        dismissible={!isLoading}
        actions={
          <>
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              {t('saved.cancel')}
            </Button>
            <Button type="submit" form="save-search-form" disabled={isLoading}>
              {isLoading ? t('saved.saving') : t('saved.submit')}
            </Button>
          </>
        }
      >
        <form id="save-search-form" onSubmit={submit} noValidate>
          <p>{t('saved.dialog_lead')}</p>
          <TextField
            label={t('saved.name')}
            maxLength={80}
            required
            {...fields.bind('name', name, setName)}
          />
          <SelectField
            label={t('saved.alert')}
            hint={t('saved.alert_hint')}
            value={alert}
            onChange={(e) => setAlert(e.target.value as TAlert)}
            options={ALERT_CHOICES.map((a) => ({ value: a, label: t(`saved.alerts.${a}`) }))}
            error={fields.text('alert')}
          />
        </form>
      </Dialog>
    </>
  );
}
