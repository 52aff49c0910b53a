import type { Route } from './+types/home';
import { MARKETS } from '@market/domain/markets';

export function meta(): Route.MetaDescriptors {
  return [
    { title: 'LocalSaver | Live Life for Less' },
    { name: 'description', content: 'Local coupons, offers and contests in Michigan, Illinois, Minnesota and Florida.' },
  ];
}

export default function Home() {
  return (
    <main>
      <h1>Live Life for Less</h1>
      <p>Local coupons, offers and contests from our offices in:</p>
      <ul>
        {Object.values(MARKETS).map((m) => (
          <li key={m.id}>
            {m.name}, {m.fullAdministrativeArea}
          </li>
        ))}
      </ul>
      <p>
        The catalogue API is documented at <a href="/api/docs">/api/docs</a>.
      </p>
    </main>
  );
}
