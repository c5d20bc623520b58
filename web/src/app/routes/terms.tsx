import { useLearningFigures } from '../../features/education/api/get-learning-figures.ts';
import { LegalPage } from '../../features/legal/components/legal-page.tsx';

/** /terms (spec part 2 "Privacy and Terms"): its figures are the server's rules (GET /api/education/figures). */
export default function TermsRoute() {
  const figures = useLearningFigures();
  return <LegalPage kind="terms" figures={figures.data} failed={figures.isError} />;
}
