import { useTranslation } from 'next-i18next/pages';
import type { ReactNode } from 'react';
import { EditSection, SaveBar } from './edit-section';
import type { TChip } from '@/components/ui/chip-list';
import { sameNames, TagsEditor } from './tags-editor';
import type { useTagsSave } from './use-tags-save';

/** Each section's empty-list text (named whole, so the catalog check sees the keys in use). */
const EMPTY_TEXT = {
  skills: 'skills.empty',
  roles: 'roles.empty',
  languages: 'languages.empty',
} as const;

/**
 * A replace-all section of the profile (skills, roles, languages): its input, its chips and a
 * save bar that is enabled once the chips differ from the stored ones. Texts are the section's
 * (`edit.descriptions.<id>`, `<id>.empty`, `edit.sections.<id>`).
 */
export function TagsSection({
  id,
  storedKeys,
  onSave,
  saving: { progress, failed, running },
  ...editor
}: {
  id: 'skills' | 'roles' | 'languages';
  input: ReactNode;
  onAdd: () => void;
  error: string | null;
  /** The listed items, each keyed as in `storedKeys`. */
  chips: TChip[];
  storedKeys: string[];
  onRemove: (key: string) => void;
  onSave: () => void;
  saving: Pick<ReturnType<typeof useTagsSave>, 'progress' | 'failed' | 'running'>;
}) {
  const { t } = useTranslation('profile');
  const dirty = !sameNames(
    editor.chips.map((c) => c.key),
    storedKeys,
  );
  return (
    <EditSection
      id={id}
      description={t(`edit.descriptions.${id}`)}
      footer={<SaveBar onSave={onSave} progress={progress} failed={failed} dirty={dirty} />}
    >
      <TagsEditor
        {...editor}
        emptyText={t(EMPTY_TEXT[id])}
        listLabel={t(`edit.sections.${id}`)}
        disabled={running}
      />
    </EditSection>
  );
}
