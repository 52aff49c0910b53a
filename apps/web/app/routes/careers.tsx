// /careers (SPEC.md 2 Routes; the home page's careers block 'Apply Today' links here).
import { MARKETS } from '@market/domain/markets';
import type { Route } from './+types/careers';
import { PageBanner } from '../components/content-page.tsx';
import { buildMeta } from '../lib/content/meta.ts';

export function meta(args: Route.MetaArgs) {
  return buildMeta(args, { title: 'Careers', description: 'Help local businesses grow: sales, design and customer roles at LocalSaver in Michigan, Illinois, Minnesota and Florida.', path: '/careers' });
}

const OPENINGS = [
  { title: 'Outside Sales Account Manager', team: 'Sales', where: ['detroit', 'chicago', 'minneapolis', 'florida'], text: 'Meet restaurant, salon, retail and home-services owners in your territory and build print and digital campaigns with them. Base salary plus commission, car allowance.' },
  { title: 'Graphic Designer', team: 'Creative studio', where: ['detroit'], text: 'Design coupons and ads for hundreds of local businesses each month, in print and for the web. Adobe InDesign and Illustrator.' },
  { title: 'HomePros Verification Specialist', team: 'HomePros', where: ['minneapolis'], text: 'Check contractor licenses, bonds and insurance certificates with the issuing authorities and keep certifications current.' },
  { title: 'Customer Success Representative', team: 'Customer care', where: ['florida'], text: 'Help advertisers with proofs, schedules and reports, and help savers with their accounts and contest questions.' },
] as const;

export default function Careers() {
  return (
    <>
      <PageBanner eyebrow="Careers" title="Help local businesses grow. We're hiring." lead="Join the team that puts local offers in front of families in four markets, in print and online." >
        <a href="#openings" className="btn btn-light">
          See open positions
        </a>
      </PageBanner>
      <div className="container page">
        <section aria-labelledby="careers-why" className="section">
          <h2 id="careers-why">Working at LocalSaver</h2>
          <ul className="check-list">
            <li>Medical, dental and vision insurance, and a 401(k) with a company match.</li>
            <li>Paid time off from your first month, plus paid holidays.</li>
            <li>Training for every new team member, and a clear path from associate to lead.</li>
            <li>Work that you can see in your own neighborhood every month.</li>
          </ul>
        </section>
        <section id="openings" aria-labelledby="careers-openings" className="section">
          <h2 id="careers-openings">Open positions</h2>
          <ul className="feature-grid" aria-label="Open positions">
            {OPENINGS.map((job) => (
              <li key={job.title} className="feature">
                <h3>{job.title}</h3>
                <p className="post-meta">
                  {job.team} · {job.where.map((id) => MARKETS[id].name).join(', ')}
                </p>
                <p>{job.text}</p>
                <p>
                  <a href={`mailto:careers@localsaver.example?subject=${encodeURIComponent(`Application: ${job.title}`)}`}>Apply Today</a>
                </p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="careers-apply" className="section">
          <h2 id="careers-apply">How to apply</h2>
          <p>
            Send your resume and a few lines about yourself to <a href="mailto:careers@localsaver.example">careers@localsaver.example</a>, with the position in the subject. We reply to every applicant. {''}
            LocalSaver is an equal opportunity employer.
          </p>
        </section>
      </div>
    </>
  );
}
