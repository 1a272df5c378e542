import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { toastInfo } from '@/lib/toast';

type TFormState = { dirty: boolean; saving: boolean };
type TRegistry = { report: (key: string, state: TFormState) => void };

const Registry = createContext<TRegistry | null>(null);

/** A click that would follow a link to another page of this site (not a new tab, not a hash). */
function leavingLink(e: MouseEvent): string | null {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey)
    return null;
  const link = (e.target as Element | null)?.closest?.('a[href]');
  if (
    !(link instanceof HTMLAnchorElement) ||
    link.target === '_blank' ||
    link.hasAttribute('download')
  ) {
    return null;
  }
  const to = new URL(link.href, window.location.href);
  const here = window.location;
  if (to.origin !== here.origin) return null;
  return to.pathname !== here.pathname || to.search !== here.search
    ? to.pathname + to.search + to.hash
    : null;
}

/**
 * Guards the forms inside it against leaving the page (docs/product.md "Editing"): while a
 * save runs, leaving is blocked (with a toast); with unsaved edits, leaving asks first, whether
 * by an in-app link, the back button or closing the tab.
 */
export function LeaveGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation('profile');
  const router = useRouter();
  const [forms, setForms] = useState<Record<string, TFormState>>({});
  const [asking, setAsking] = useState<string | null>(null);
  const leaving = useRef(false);
  const saving = Object.values(forms).some((f) => f.saving);
  const dirty = Object.values(forms).some((f) => f.dirty);

  const report = useCallback((key: string, state: TFormState) => {
    setForms((all) => {
      const now = all[key];
      if (now && now.dirty === state.dirty && now.saving === state.saving) return all;
      return { ...all, [key]: state };
    });
  }, []);
  const registry = useMemo(() => ({ report }), [report]);

  useEffect(() => {
    if (!saving && !dirty) return;
    const blocked = () => toastInfo(t('section.leave_blocked'), 'leave-guard');
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    const onClick = (e: MouseEvent) => {
      const to = leavingLink(e);
      if (!to) return;
      e.preventDefault();
      if (saving) blocked();
      else setAsking(to);
    };
    const onRouteChangeStart = (url: string) => {
      if (leaving.current) return;
      if (saving) blocked();
      else setAsking(url);
      router.events.emit('routeChangeError'); // stops the progress bar that just started
      // The pages router cancels a navigation only when this handler throws.
      throw new Error('Navigation held: the page has unsaved changes.');
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    router.events.on('routeChangeStart', onRouteChangeStart);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
      router.events.off('routeChangeStart', onRouteChangeStart);
    };
  }, [saving, dirty, router, t]);

  async function leave() {
    const to = asking;
    setAsking(null);
    if (!to) return;
    leaving.current = true;
    try {
      await router.push(to);
    } finally {
      leaving.current = false;
    }
  }

  return (
    <Registry.Provider value={registry}>
      {children}
      <Dialog
        open={asking !== null}
        title={t('section.leave_title')}
        onClose={() => setAsking(null)}
        actions={
          <>
            <Button variant="ghost" onClick={() => setAsking(null)}>
              {t('section.leave_stay')}
            </Button>
            <Button variant="danger" onClick={() => void leave()}>
              {t('section.leave_go')}
            </Button>
          </>
        }
      >
        <p>{t('section.leave_body')}</p>
      </Dialog>
    </Registry.Provider>
  );
}

/** Tells the page's LeaveGuard whether this form has unsaved edits or a save running. */
export function useGuardedForm(state: TFormState) {
  const registry = useContext(Registry);
  const key = useId();
  const { dirty, saving } = state;
  useEffect(() => {
    registry?.report(key, { dirty, saving });
  }, [registry, key, dirty, saving]);
  useEffect(() => () => registry?.report(key, { dirty: false, saving: false }), [registry, key]);
}
