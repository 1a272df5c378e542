import { useTranslation } from 'next-i18next/pages';
import { useId, useState } from 'react';
import { useFailureText } from '@/components/forms/failure-text';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/text-area-field';
import { formatDay } from '@/lib/format/day';
import { formatRelativeTime, type TTranslate } from '@/lib/format/relative-time';
import { failureOf } from '@/services/api';
import {
  useAddNoteMutation,
  useApplicationNotesQuery,
  useClearRatingMutation,
  useDeleteNoteMutation,
  useEditNoteMutation,
  useRateApplicationMutation,
} from '@/services/pipeline-api';
import { selectUser } from '@/store/auth-slice';
import { useAppSelector } from '@/store/hooks';
import type { TPostingKind } from '@/types/marketplace';
import type { TApplicationNote, TBoardApplication, TNoteArgs } from '@/types/pipeline';
import { ratingOf, useRatingText } from './workbench-format';
import styles from './workbench.module.css';

/** docs/product.md "The recruiter's workbench": a note is plain text of 1–4000 characters. */
export const NOTE_MAX = 4000;
const STARS = [1, 2, 3, 4, 5] as const;

/** "Hace 3 días" / "3 days ago", in the reader's language. */
function useAgo() {
  const { t: tp } = useTranslation('profile');
  return (at: string) => formatRelativeTime(at, tp as unknown as TTranslate);
}

/** The member's own rating: five stars as a radio group (arrows move it), and a way to clear it. */
function MyRating({ target, mine }: { target: TNoteArgs; mine: number | null }) {
  const { t } = useTranslation('pipeline');
  const failureText = useFailureText();
  const name = useId();
  const [rate, rating] = useRateApplicationMutation();
  const [clear, clearing] = useClearRatingMutation();
  const [said, setSaid] = useState<{ text: string; error: boolean } | null>(null);
  const busy = rating.isLoading || clearing.isLoading;

  async function run(call: () => Promise<unknown>, done: string) {
    try {
      await call();
      setSaid({ text: done, error: false });
    } catch (error) {
      setSaid({ text: failureText(failureOf(error)), error: true });
    }
  }

  return (
    <fieldset className={styles.stars}>
      <legend className={styles.legend}>{t('workbench.your_rating')}</legend>
      <div className={styles.starRow}>
        {STARS.map((n) => (
          <span key={n} className={styles.star}>
            <input
              id={`${name}-${n}`}
              type="radio"
              name={name}
              value={n}
              checked={mine === n}
              className={styles.starInput}
              onChange={() =>
                void run(() => rate({ ...target, rating: n }).unwrap(), t('workbench.rated'))
              }
            />
            <label
              htmlFor={`${name}-${n}`}
              className={mine !== null && n <= mine ? styles.starOn : styles.starOff}
            >
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">{t('workbench.star', { count: n })}</span>
            </label>
          </span>
        ))}
        {mine !== null && (
          <Button
            variant="ghost"
            disabled={busy}
            onClick={() => void run(() => clear(target).unwrap(), t('workbench.rating_cleared'))}
          >
            {t('workbench.clear_rating')}
          </Button>
        )}
      </div>
      <p
        role={said?.error ? 'alert' : 'status'}
        className={said?.error ? styles.error : styles.muted}
      >
        {said?.text}
      </p>
    </fieldset>
  );
}

/** One note: its author and time, its text as written (never HTML), and the author's own actions. */
function Note({ note, target }: { note: TApplicationNote; target: TNoteArgs }) {
  const { t, i18n } = useTranslation('pipeline');
  const failureText = useFailureText();
  const ago = useAgo();
  const me = useAppSelector(selectUser);
  const mine = note.author !== null && me !== null && note.author.id === me.id;
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [edit, editState] = useEditNoteMutation();
  const [remove, removeState] = useDeleteNoteMutation();
  const who = mine
    ? t('workbench.you')
    : note.author
      ? `${note.author.name} ${note.author.last_name}`.trim()
      : t('workbench.former_member');

  async function save() {
    const body = (editing ?? '').trim();
    if (!body) return setError(t('workbench.empty_note'));
    try {
      await edit({ ...target, note_id: note.id, body: editing ?? '' }).unwrap();
      setEditing(null);
      setError(null);
    } catch (e) {
      setError(failureText(failureOf(e)));
    }
  }

  async function confirmDelete() {
    try {
      await remove({ ...target, note_id: note.id }).unwrap();
    } catch (e) {
      setConfirming(false);
      setError(failureText(failureOf(e)));
    }
  }

  return (
    <li className={styles.note}>
      <p className={styles.noteBy}>
        <strong>{who}</strong>
        {', '}
        <time dateTime={note.created_at} title={formatDay(note.created_at, i18n.language)}>
          {ago(note.created_at)}
        </time>
        {note.updated_at !== note.created_at && (
          <span className={styles.muted}> {t('workbench.edited')}</span>
        )}
      </p>
      {editing !== null ? (
        <>
          <TextAreaField
            label={t('workbench.edit_label')}
            value={editing}
            maxLength={NOTE_MAX}
            counter={t('workbench.counter', { used: editing.length, max: NOTE_MAX })}
            error={error}
            onChange={(e) => setEditing(e.target.value)}
          />
          <div className={styles.noteActions}>
            <Button variant="ghost" onClick={() => setEditing(null)}>
              {t('workbench.cancel')}
            </Button>
            <Button disabled={editState.isLoading} onClick={() => void save()}>
              {t('workbench.save')}
            </Button>
          </div>
        </>
      ) : (
        <p className={styles.noteBody}>{note.body}</p>
      )}
      {mine && editing === null && !confirming && (
        <div className={styles.noteActions}>
          <Button
            variant="secondary"
            onClick={() => {
              setError(null);
              setEditing(note.body);
            }}
          >
            {t('workbench.edit')}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(true)}>
            {t('workbench.delete')}
          </Button>
        </div>
      )}
      {confirming && (
        <div className={styles.confirm} role="group" aria-label={t('workbench.delete_confirm')}>
          <p>{t('workbench.delete_confirm')}</p>
          <div className={styles.noteActions}>
            <Button variant="ghost" autoFocus onClick={() => setConfirming(false)}>
              {t('workbench.cancel')}
            </Button>
            <Button
              variant="danger"
              disabled={removeState.isLoading}
              onClick={() => void confirmDelete()}
            >
              {t('workbench.confirm_delete')}
            </Button>
          </div>
        </div>
      )}
      {error && editing === null && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </li>
  );
}

/** Writing a new note: 1–4000 characters, line breaks kept. */
function AddNote({ target }: { target: TNoteArgs }) {
  const { t } = useTranslation('pipeline');
  const failureText = useFailureText();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const [add, adding] = useAddNoteMutation();

  async function submit() {
    setDone('');
    if (!body.trim()) return setError(t('workbench.empty_note'));
    try {
      await add({ ...target, body }).unwrap();
      setBody('');
      setError(null);
      setDone(t('workbench.added'));
    } catch (e) {
      setError(failureText(failureOf(e)));
    }
  }

  return (
    <form
      className={styles.addNote}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <TextAreaField
        label={t('workbench.add_label')}
        hint={t('workbench.add_hint')}
        value={body}
        maxLength={NOTE_MAX}
        counter={t('workbench.counter', { used: body.length, max: NOTE_MAX })}
        error={error}
        onChange={(e) => setBody(e.target.value)}
      />
      <div className={styles.noteActions}>
        <p role="status" className={styles.muted}>
          {done}
        </p>
        <Button type="submit" disabled={adding.isLoading}>
          {t('workbench.add')}
        </Button>
      </div>
    </form>
  );
}

/**
 * The team's private notes and ratings of one applicant (docs/product.md "The recruiter's
 * workbench"): the member's own rating, the team's average, the notes oldest first (the author's
 * own editable and deletable) and a new note. Never shown to the talent.
 */
export default function NotesPanel({
  open,
  onClose,
  application: a,
  name,
  kind,
  postingId,
}: {
  open: boolean;
  onClose: () => void;
  application: TBoardApplication;
  name: string;
  kind: TPostingKind;
  postingId: number;
}) {
  const { t } = useTranslation('pipeline');
  const ratingText = useRatingText();
  const target: TNoteArgs = { kind, id: postingId, application_id: a.id };
  const notes = useApplicationNotesQuery({ kind, application_id: a.id }, { skip: !open });
  const rating = ratingOf(a);
  const team = ratingText(rating);

  return (
    <Dialog
      open={open}
      title={t('workbench.panel_title', { name })}
      onClose={onClose}
      actions={
        <Button variant="secondary" onClick={onClose}>
          {t('workbench.close')}
        </Button>
      }
    >
      <div className={styles.panel}>
        <p className={styles.private}>{t('workbench.private')}</p>
        <MyRating target={target} mine={rating.mine ?? null} />
        <p>
          {t('workbench.team_average')}{' '}
          {team ? (
            <span className={styles.rating} role="img" aria-label={team.label}>
              {team.text}
            </span>
          ) : (
            t('workbench.unrated')
          )}
        </p>
        <h3 className={styles.notesTitle}>{t('workbench.notes')}</h3>
        {notes.error ? (
          <p role="alert" className={styles.error}>
            {t('workbench.notes_failed')}
          </p>
        ) : !notes.data ? (
          <p role="status">{t('workbench.loading_notes')}</p>
        ) : notes.data.length === 0 ? (
          <p className={styles.muted}>{t('workbench.no_notes')}</p>
        ) : (
          <ol className={styles.notes}>
            {notes.data.map((n) => (
              <Note key={n.id} note={n} target={target} />
            ))}
          </ol>
        )}
        <AddNote target={target} />
      </div>
    </Dialog>
  );
}
