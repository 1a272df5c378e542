import type { GetStaticProps } from 'next';
import { ErrorScreen } from '@/components/layout/error-screen';
import { translationProps } from '@/lib/i18n/page-props';

export default function ServerErrorPage() {
  return <ErrorScreen kind="server_error" />;
}

export const getStaticProps: GetStaticProps = async ({ locale }) => ({
  props: { ...(await translationProps(locale)) },
});
