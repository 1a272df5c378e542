import type { TMail } from './mailer';

type TStudyRow = {
  id: number;
  name: string;
  courseName: string;
  startDate: string;
  endDate: string | null;
  studyingHere: boolean;
};

type TWorkplaceRow = {
  id: number;
  workplaceName: string;
  position: string;
  startDate: string;
  endDate: string | null;
  workHere: boolean;
};

type TRequester = { id: number; name: string; lastName: string; email: string };

/** User texts go into a header: no line breaks there (header injection). */
const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim();

/** What the two kinds of entry say, in each language. */
type TEntryText = {
  id: number;
  table: string;
  place: string;
  en: { what: string; lines: string[]; current: string };
  es: { what: string; lines: string[]; current: string };
  startDate: string;
  endDate: string | null;
  current: boolean;
};

/** The request for the platform's verification team. Both languages, the requester's first. */
function verificationMail(p: {
  to: string;
  user: TRequester;
  entry: TEntryText;
  lang: 'en' | 'es';
}): TMail {
  const { user, entry } = p;
  const fullName = oneLine(`${user.name} ${user.lastName}`);
  const until = (current: string) => (entry.current ? current : (entry.endDate ?? '-'));
  const en = [
    `A user asks us to verify this ${entry.en.what}:`,
    '',
    `User: ${fullName} (id ${user.id})`,
    `E-mail: ${user.email}`,
    ...entry.en.lines,
    `From ${entry.startDate} to ${until(entry.en.current)}`,
    `Record id: ${entry.id} (${entry.table})`,
    '',
    'Mark it verified (3) or rejected (4) once checked.',
  ].join('\n');
  const es = [
    `Un usuario nos pide verificar esta ${entry.es.what}:`,
    '',
    `Usuario: ${fullName} (id ${user.id})`,
    `Correo: ${user.email}`,
    ...entry.es.lines,
    `Desde ${entry.startDate} hasta ${until(entry.es.current)}`,
    `Id del registro: ${entry.id} (${entry.table})`,
    '',
    'Márcalo como verificado (3) o rechazado (4) tras comprobarlo.',
  ].join('\n');
  const subjectEn = `Verification request #${entry.id}: ${oneLine(entry.place)}`;
  const subjectEs = `Solicitud de verificación #${entry.id}: ${oneLine(entry.place)}`;
  const sep = '\n\n----------------------------------------\n\n';
  return {
    to: p.to,
    subject: p.lang === 'es' ? subjectEs : subjectEn,
    text: p.lang === 'es' ? `${es}${sep}${en}` : `${en}${sep}${es}`,
  };
}

/** The request to verify a study centre. */
export function studyVerificationMail(p: {
  to: string;
  user: TRequester;
  study: TStudyRow;
  lang: 'en' | 'es';
}): TMail {
  const { study } = p;
  return verificationMail({
    ...p,
    entry: {
      id: study.id,
      table: 'user_study_centres',
      place: study.name,
      startDate: study.startDate,
      endDate: study.endDate,
      current: study.studyingHere,
      en: {
        what: 'education',
        lines: [`Study centre: ${study.name}`, `Course: ${study.courseName}`],
        current: 'now (still studying)',
      },
      es: {
        what: 'formación',
        lines: [`Centro de estudios: ${study.name}`, `Curso: ${study.courseName}`],
        current: 'hoy (sigue estudiando)',
      },
    },
  });
}

/** The request to verify an experience. */
export function workplaceVerificationMail(p: {
  to: string;
  user: TRequester;
  workplace: TWorkplaceRow;
  lang: 'en' | 'es';
}): TMail {
  const { workplace: w } = p;
  return verificationMail({
    ...p,
    entry: {
      id: w.id,
      table: 'user_workplaces',
      place: w.workplaceName,
      startDate: w.startDate,
      endDate: w.endDate,
      current: w.workHere,
      en: {
        what: 'experience',
        lines: [`Company: ${w.workplaceName}`, `Position: ${w.position}`],
        current: 'now (still working there)',
      },
      es: {
        what: 'experiencia',
        lines: [`Empresa: ${w.workplaceName}`, `Puesto: ${w.position}`],
        current: 'hoy (sigue trabajando allí)',
      },
    },
  });
}
