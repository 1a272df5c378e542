import type { PayloadAction } from '@reduxjs/toolkit';
import { useTranslation } from 'next-i18next/pages';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { newTempId, type TListItem, type TPayload } from '@/lib/profile/save-diff';
import type { TProfileSection } from '@/lib/profile/completeness';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import type { RootState } from '@/store';
import { EditSection, SaveBar } from './edit-section';
import { ListEditor, type TEntryView } from './list-editor';
import { useListSave, type TListSaveConfig } from './use-list-save';

type TId = number | string;

/** What makes one list (experiences, education) a list section: its data, calls, form and texts. */
export type TListKind<T extends TListItem> = Omit<TListSaveConfig<T>, 'edited'> & {
  id: TProfileSection;
  edited: (state: RootState) => T[];
  unsaved: (state: RootState) => boolean;
  /** The seed's "States and transitions" (docs/product.md) list actions of the profile slice. */
  actions: {
    loaded: (list: T[]) => PayloadAction<T[]>;
    added: (item: T) => PayloadAction<T>;
    edited: (change: { id: TId; changes: Partial<T> }) => PayloadAction<unknown>;
    removed: (id: TId) => PayloadAction<TId>;
  };
  view: (item: T) => TEntryView;
  renderForm: (props: {
    item: T | undefined;
    onSubmit: (values: TPayload<T>) => void;
    onCancel: () => void;
  }) => ReactNode;
  texts: { add: string; empty: string; deleteTitle: string; description: string };
};

/**
 * One list of the profile, edited here as a whole and saved by diff with the section's Save
 * button (docs/product.md "States and transitions"): add, edit and remove entries, discard the edits, see what failed.
 */
export function ListSection<T extends TListItem>({
  kind,
  onSave,
  extraActions,
  children,
}: {
  kind: TListKind<T>;
  /** Runs the save (a section may do more around it); defaults to the diff save. */
  onSave?: (save: () => Promise<unknown>) => Promise<unknown>;
  extraActions?: (item: T, running: boolean) => ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation('profile');
  const dispatch = useAppDispatch();
  const items = useAppSelector(kind.edited);
  const unsaved = useAppSelector(kind.unsaved);
  const saved = useAppSelector(kind.saved);
  const { save, progress, failed, running } = useListSave<T>(kind);
  const run = () => void (onSave ? onSave(save) : save());

  return (
    <EditSection
      id={kind.id}
      description={t(kind.texts.description)}
      footer={
        <SaveBar
          onSave={run}
          progress={progress}
          dirty={unsaved}
          failed={failed}
          extra={
            unsaved && !running ? (
              <Button variant="ghost" onClick={() => dispatch(kind.actions.loaded(saved))}>
                {t('section.discard')}
              </Button>
            ) : null
          }
        />
      }
    >
      <ListEditor<T>
        items={items}
        disabled={running}
        view={kind.view}
        renderForm={(item, close) =>
          kind.renderForm({
            item,
            onCancel: close,
            onSubmit: (values) => {
              if (item)
                dispatch(kind.actions.edited({ id: item.id, changes: values as Partial<T> }));
              else dispatch(kind.actions.added({ ...values, id: newTempId() } as unknown as T));
              close();
            },
          })
        }
        onRemove={(item) => dispatch(kind.actions.removed(item.id))}
        extraActions={extraActions ? (item) => extraActions(item, running) : undefined}
        texts={{
          add: t(kind.texts.add),
          empty: t(kind.texts.empty),
          deleteTitle: (v) => t(kind.texts.deleteTitle, { name: `${v.title} · ${v.subtitle}` }),
        }}
      />
      {children}
    </EditSection>
  );
}
