import type { ProjectSummary } from '../../../shared/contracts/portfolio';
import { ProjectCard } from '../../components/portfolio/project-card';

/** Projects of the same industry or with the same technologies (the loader leaves the project out). */
export function RelatedProjects({ projects }: { projects: ProjectSummary[] }) {
  if (projects.length === 0) return null;
  return (
    <section id="related" aria-labelledby="related-projects" className="mt-20 border-t border-slate-200 pt-12">
      <h2 id="related-projects" className="text-2xl font-bold tracking-tight">
        Related Projects
      </h2>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {projects.map((item) => (
          <li key={item.id} className="flex">
            <ProjectCard project={item} headingLevel="h3" className="w-full" />
          </li>
        ))}
      </ul>
    </section>
  );
}
