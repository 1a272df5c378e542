import { ErrorScreen } from '@/components/layout/error-screen';
import { staticTranslations } from '@/lib/i18n/page-props';

export default function ServerErrorPage() {
  return <ErrorScreen kind="server_error" />;
}

export const getStaticProps = staticTranslations;
