import { ArrowRight, Send } from '../../components/icons';
import type { ProjectSummary } from '../../../shared/contracts/portfolio';
import { PortfolioMessage } from '../../../shared/contracts/portfolio.values';
import { Button } from '../../components/button';
import { LoadFailedAlert } from '../../components/load-failed-alert';
import { ProjectCard } from '../../components/portfolio/project-card';
import { PORTFOLIO_PATH } from '../../components/portfolio/project-format';
import { SectionHeading } from '../../components/section-heading';

/** The #portfolio section. `projects` is null when they could not be loaded. */
export function PortfolioSection({ projects }: { projects: ProjectSummary[] | null }) {
  if (projects !== null && projects.length === 0) return null;
  return (
    <section
      id="portfolio"
      aria-labelledby="portfolio-heading"
      className="render-when-near [--near-height:3400px] lg:[--near-height:1500px] bg-slate-50 py-20 sm:py-28"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          eyebrow="Portfolio"
          id="portfolio-heading"
          title="Featured Projects"
          intro="A selection of the stores, apps and platforms we built, and what they changed for our clients."
          className="mx-auto max-w-2xl text-center"
        />

        {projects === null ? (
          <LoadFailedAlert title={PortfolioMessage.SECTION_FAILED} className="mx-auto mt-10 max-w-2xl" />
        ) : (
          <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Featured projects">
            {projects.map((project) => (
              <li key={project.id} className="flex">
                <ProjectCard
                  project={project}
                  variant="landing"
                  headingLevel="h3"
                  sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                  className="w-full"
                />
              </li>
            ))}
          </ul>
        )}

        <div className="mt-12 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
          <Button to={PORTFOLIO_PATH} size="lg">
            View All Projects
            <ArrowRight aria-hidden="true" />
          </Button>
          <Button to="/#get-quote" variant="secondary" size="lg">
            <Send aria-hidden="true" />
            Start Your Project
          </Button>
        </div>
      </div>
    </section>
  );
}
