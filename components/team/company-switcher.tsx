import { useTranslation } from 'next-i18next/pages';
import { toastSuccess } from '@/lib/toast';
import { useCurrentCompany } from './use-company';

/**
 * The account menu's company switcher (docs/product.md "Companies and teams", "Screens"): shown to
 * a member of more than one company, one radio item per company, the chosen one checked. It
 * loads with the open menu (components/layout/account-menu.tsx), not with every page.
 */
export default function CompanySwitcher({ onChosen }: { onChosen: () => void }) {
  const { t } = useTranslation('common');
  const { company, companies, choose } = useCurrentCompany();
  if (companies.length < 2) return null;
  return (
    <>
      <li role="none">
        <ul role="group" aria-label={t('nav.companies')}>
          {companies.map((m) => {
            const current = m.company.id === company?.id;
            return (
              <li role="none" key={m.company.id}>
                <button
                  type="button"
                  role="menuitemradio"
                  aria-checked={current}
                  aria-current={current ? 'true' : undefined}
                  tabIndex={-1}
                  onClick={() => {
                    onChosen();
                    if (current) return;
                    choose(m.company.id);
                    toastSuccess(t('nav.company_chosen', { company: m.company.name }));
                  }}
                >
                  {m.company.name}
                </button>
              </li>
            );
          })}
        </ul>
      </li>
    </>
  );
}
