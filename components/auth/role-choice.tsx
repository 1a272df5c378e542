import { useTranslation } from 'next-i18next/pages';
import fieldStyles from '@/components/ui/field.module.css';

/** The registration's choice between a talent's and a business's account. */
export function RoleChoice({
  isTalent: chosen,
  onChange,
}: {
  isTalent: boolean;
  onChange: (isTalent: boolean) => void;
}) {
  const { t } = useTranslation('common');
  return (
    <fieldset className={fieldStyles.choices}>
      <legend className={fieldStyles.legend}>{t('auth.register.role')}</legend>
      {([true, false] as const).map((isTalent) => (
        <label key={String(isTalent)} className={fieldStyles.choice}>
          <input
            type="radio"
            name="role"
            checked={chosen === isTalent}
            onChange={() => onChange(isTalent)}
          />
          <span className={fieldStyles.choiceText}>
            <strong>{isTalent ? t('auth.register.talent') : t('auth.register.business')}</strong>
            <span>
              {isTalent ? t('auth.register.talent_hint') : t('auth.register.business_hint')}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
