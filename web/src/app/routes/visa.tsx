import { SectionPage } from './section-page.tsx';

export function Component() {
  return <SectionPage section="visa" />;
}
