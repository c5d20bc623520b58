import { LearnMorePage } from '../../features/learn-more/components/learn-more-page.tsx';

/** /learn-more (spec part 2). */
export default function LearnMoreRoute() {
  return <LearnMorePage />;
}
