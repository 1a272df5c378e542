import { useTranslation } from 'next-i18next/pages';
import { useGetTalentQuery } from '@/services/profile-api';
import styles from './my-profile.module.css';

/** E-mail and phone of a talent, when the API gives them to this viewer (docs/api.md "The user object"). */
export default function TalentContact({ talentId }: { talentId: number }) {
  const { t } = useTranslation('profile');
  const talent = useGetTalentQuery(talentId).data;
  if (!talent?.email && !talent?.person.phone) return null;
  return (
    <section className={styles.card} aria-labelledby="talent-contact">
      <h2 id="talent-contact">{t('view.contact')}</h2>
      <ul className={styles.contactList}>
        {talent.email && (
          <li>
            {t('view.email')}: <a href={`mailto:${talent.email}`}>{talent.email}</a>
          </li>
        )}
        {talent.person.phone && (
          <li>
            {t('view.phone')}:{' '}
            <a href={`tel:${talent.person.phone.replace(/[^\d+]/g, '')}`}>{talent.person.phone}</a>
          </li>
        )}
      </ul>
    </section>
  );
}
