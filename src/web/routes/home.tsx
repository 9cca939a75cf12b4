import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root';

export function meta() {
  return [{ title: 'Home' }];
}

export default function Home() {
  const data = useRouteLoaderData<typeof rootLoader>('root');
  return (
    <main>
      <h1>Transform Your Business with Professional Web &amp; AI Solutions</h1>
      <p>{data?.company.email}</p>
    </main>
  );
}
