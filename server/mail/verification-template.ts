import type { TMail } from './mailer';

type TStudyRow = {
  id: number;
  name: string;
  courseName: string;
  startDate: string;
  endDate: string | null;
  studyingHere: boolean;
};

/** User texts go into a header: no line breaks there (header injection). */
const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim();

/**
 * The request to verify a study centre, for the platform's verification team. Both languages,
 * the requester's language first.
 */
export function studyVerificationMail(p: {
  to: string;
  user: { id: number; name: string; lastName: string; email: string };
  study: TStudyRow;
  lang: 'en' | 'es';
}): TMail {
  const { user, study } = p;
  const fullName = oneLine(`${user.name} ${user.lastName}`);
  const en = [
    'A user asks us to verify this education:',
    '',
    `User: ${fullName} (id ${user.id})`,
    `E-mail: ${user.email}`,
    `Study centre: ${study.name}`,
    `Course: ${study.courseName}`,
    `From ${study.startDate} to ${study.studyingHere ? 'now (still studying)' : (study.endDate ?? '-')}`,
    `Record id: ${study.id} (user_study_centres)`,
    '',
    'Mark it verified (3) or rejected (4) once checked.',
  ].join('\n');
  const es = [
    'Un usuario nos pide verificar esta formación:',
    '',
    `Usuario: ${fullName} (id ${user.id})`,
    `Correo: ${user.email}`,
    `Centro de estudios: ${study.name}`,
    `Curso: ${study.courseName}`,
    `Desde ${study.startDate} hasta ${study.studyingHere ? 'hoy (sigue estudiando)' : (study.endDate ?? '-')}`,
    `Id del registro: ${study.id} (user_study_centres)`,
    '',
    'Márcalo como verificado (3) o rechazado (4) tras comprobarlo.',
  ].join('\n');
  const subjectEn = `Verification request #${study.id}: ${oneLine(study.name)}`;
  const subjectEs = `Solicitud de verificación #${study.id}: ${oneLine(study.name)}`;
  const sep = '\n\n----------------------------------------\n\n';
  return {
    to: p.to,
    subject: p.lang === 'es' ? subjectEs : subjectEn,
    text: p.lang === 'es' ? `${es}${sep}${en}` : `${en}${sep}${es}`,
  };
}
