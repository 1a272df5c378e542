import { useEffect } from 'react';
import { EducationsSection } from './educations-section';
import { ExperiencesSection } from './experiences-section';
import { LanguagesSection } from './languages-section';
import { ProfessionalSection } from './professional-section';
import { RolesSection } from './roles-section';
import { SkillsSection } from './skills-section';

/**
 * The sections of /profile/edit after the first one, loaded as one chunk after the page (they
 * would not fit the page's first-load budget). Once they exist, the #section of the address
 * (completeness links point to them) can be scrolled to.
 */
export default function MoreSections() {
  useEffect(() => {
    const id = window.location.hash.slice(1);
    if (id) document.getElementById(decodeURIComponent(id))?.scrollIntoView();
  }, []);
  return (
    <>
      <ProfessionalSection />
      <ExperiencesSection />
      <EducationsSection />
      <SkillsSection />
      <RolesSection />
      <LanguagesSection />
    </>
  );
}
