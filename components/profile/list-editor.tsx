import { useTranslation } from 'next-i18next/pages';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { isSavedId, type TListItem } from '@/lib/profile/save-diff';
import { Entry } from './entry';
import styles from './profile-edit.module.css';

export type TEntryView = {
  title: string;
  subtitle: string;
  start: string;
  end: string | null;
  description: string | null;
};

type TTexts = { add: string; empty: string; deleteTitle: (item: TEntryView) => string };

/**
 * The editable list of experiences or educations: each entry with Edit and Delete (which asks
 * first), and one form at a time, in place of the entry it edits or on top for a new one.
 */
export function ListEditor<T extends TListItem>({
  items,
  view,
  renderForm,
  onRemove,
  texts,
  extraActions,
  disabled = false,
}: {
  items: T[];
  view: (item: T) => TEntryView;
  renderForm: (item: T | undefined, close: () => void) => ReactNode;
  onRemove: (item: T) => void;
  texts: TTexts;
  extraActions?: (item: T) => ReactNode;
  disabled?: boolean;
}) {
  const { t } = useTranslation('profile');
  const [editing, setEditing] = useState<T['id'] | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<T | null>(null);
  const close = () => setEditing(null);

  return (
    <>
      {editing === 'new' ? (
        renderForm(undefined, close)
      ) : (
        <Button
          variant="secondary"
          onClick={() => setEditing('new')}
          disabled={disabled || editing !== null}
        >
          <span aria-hidden="true">+</span> {texts.add}
        </Button>
      )}
      {items.length === 0 && editing !== 'new' && <p className={styles.empty}>{texts.empty}</p>}
      <div className={styles.entries}>
        {items.map((item) => {
          if (editing === item.id) return <div key={item.id}>{renderForm(item, close)}</div>;
          const v = view(item);
          return (
            <Entry
              key={item.id}
              {...v}
              status={item.verify_status_id}
              draft={!isSavedId(item.id)}
              actions={
                <>
                  <Button
                    variant="ghost"
                    onClick={() => setEditing(item.id)}
                    disabled={disabled || editing !== null}
                    aria-label={`${t('section.edit')}: ${v.title}`}
                  >
                    {t('section.edit')}
                  </Button>
                  <Button
                    variant="ghost"
                    onClick={() => setToDelete(item)}
                    disabled={disabled}
                    aria-label={`${t('dialog.delete')}: ${v.title}`}
                  >
                    {t('dialog.delete')}
                  </Button>
                  {extraActions?.(item)}
                </>
              }
            />
          );
        })}
      </div>
      <Dialog
        open={toDelete !== null}
        title={toDelete ? texts.deleteTitle(view(toDelete)) : ''}
        onClose={() => setToDelete(null)}
        actions={
          <>
            <Button variant="ghost" onClick={() => setToDelete(null)}>
              {t('dialog.cancel')}
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                if (toDelete) onRemove(toDelete);
                setToDelete(null);
              }}
            >
              {t('dialog.delete')}
            </Button>
          </>
        }
      >
        <p>{t('section.delete_body')}</p>
      </Dialog>
    </>
  );
}
