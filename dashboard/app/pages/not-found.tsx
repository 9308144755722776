import { PageHeader } from '../components/page';
import { Link } from '../router';
import { PAGES } from '../routes';

export function NotFoundPage() {
  return (
    <>
      <PageHeader title="Page not found" description="There is no dashboard page at this address." />
      <p>
        <Link href={PAGES.home}>Go to the dashboard home</Link>
      </p>
    </>
  );
}
