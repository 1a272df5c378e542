import { ErrorScreen } from '@/components/layout/error-screen';
import { staticTranslations } from '@/lib/i18n/page-props';

export default function NotFoundPage() {
  return <ErrorScreen kind="not_found" />;
}

export const getStaticProps = staticTranslations;
