import { DemoPage } from '../../features/demo/components/demo-page.tsx';

/** /demo (spec part 2). */
export default function DemoRoute() {
  return <DemoPage />;
}
