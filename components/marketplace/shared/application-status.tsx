import { useTranslation } from 'next-i18next/pages';
import { Badge } from '@/components/ui/badge';
import { APPLICATION_STATUS, statusName } from '@/lib/statuses';

/** An application's status as a badge: hired in green, rejected in red, the rest neutral. */
export function ApplicationStatus({ status }: { status: number }) {
  const { t } = useTranslation('market');
  const tone =
    status === APPLICATION_STATUS.hired
      ? 'success'
      : status === APPLICATION_STATUS.rejected
        ? 'danger'
        : 'info';
  return (
    <Badge tone={tone}>
      {t(`statuses.application.${statusName(APPLICATION_STATUS, status) ?? 'applied'}`)}
    </Badge>
  );
}
