import { ExternalLink, Info, Mail, Share2 } from '../../components/icons';
import { Briefcase, FileText } from '../../components/admin/icons';
import { useId, type ReactNode } from 'react';
import { AnalyticsAdminMessage } from '../../../shared/contracts/analytics-admin.values';
import {
  ANALYTICS_TOP_POSTS,
  ANALYTICS_TOP_TECHNOLOGIES,
  type AnalyticsDashboard,
} from '../../../shared/contracts/analytics-dashboard';
import { EmptyList } from '../../components/admin/list-states';
import { MiniStat, Panel, ShareBar, type FigureTone } from '../../components/admin/figures';
import { Badge } from '../../components/badge';
import { formatFixedPercent, formatNumber, formatPercent, formatViews } from '../../lib/dashboard-format';
import { referrerColor } from './referrer-colors';

/** The Analytics tab's panels under the chart: pages, sources, and the blog, portfolio and contact figures. */

const headCell = 'pb-2 text-xs font-medium tracking-wide text-slate-500 uppercase';
const numberCell = 'py-2.5 pl-3 text-right whitespace-nowrap text-slate-900 tabular-nums';

interface ShareRow {
  key: string;
  label: ReactNode;
  count: number;
  percent: number;
  color?: string;
}

/** Name, count and share of the total, a bar under each name as long as its share. */
function ShareTable({
  caption,
  nameHeader,
  countHeader,
  rows,
  tone,
}: {
  caption: string;
  nameHeader: string;
  countHeader: string;
  rows: ShareRow[];
  tone?: FigureTone;
}) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-left">
          <th scope="col" className={headCell}>
            {nameHeader}
          </th>
          <th scope="col" className={`${headCell} pl-3 text-right`}>
            {countHeader}
          </th>
          <th scope="col" className={`${headCell} w-16 pl-3 text-right`}>
            Share
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row) => (
          <tr key={row.key} className="align-top">
            <td className="w-full max-w-0 py-2.5">
              <ShareBar label={row.label} percent={row.percent} color={row.color} tone={tone} />
            </td>
            <td className={numberCell}>{formatNumber(row.count)}</td>
            <td className={`${numberCell} text-slate-600`}>{formatPercent(row.percent)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function TopPages({ pages }: { pages: AnalyticsDashboard['top_pages'] }) {
  const id = useId();
  return (
    <Panel id={id} title="Top Pages" description="Share of all page views in the period" icon={<FileText />}>
      {pages.length === 0 ? (
        <EmptyList className="bg-slate-50 py-10">{AnalyticsAdminMessage.NO_PAGE_DATA}</EmptyList>
      ) : (
        <ShareTable
          caption="Top pages"
          nameHeader="Page"
          countHeader="Views"
          rows={pages.map((page) => ({
            key: page.page_url,
            count: page.views,
            percent: page.percent,
            label: (
              <a
                href={page.page_url}
                target="_blank"
                rel="noopener"
                title={`${page.page_url} (opens in a new tab)`}
                className="font-medium text-slate-800 hover:text-brand-700 hover:underline"
                data-top-page={page.page_url}
              >
                {page.page_url}
              </a>
            ),
          }))}
        />
      )}
    </Panel>
  );
}

export function TrafficSources({ sources }: { sources: AnalyticsDashboard['top_referrers'] }) {
  const id = useId();
  return (
    <Panel id={id} title="Traffic Sources" description="Where visits came from" icon={<Share2 />}>
      {sources.length === 0 ? (
        <EmptyList className="bg-slate-50 py-10">{AnalyticsAdminMessage.NO_REFERRER_DATA}</EmptyList>
      ) : (
        <div className="flex flex-col gap-4">
          <div className="flex h-2.5 gap-0.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
            {sources.map((source) => (
              <span
                key={source.source}
                className="h-full first:rounded-l-full last:rounded-r-full"
                style={{ width: `${source.percent}%`, backgroundColor: referrerColor(source.source) }}
              />
            ))}
          </div>
          <ShareTable
            caption="Traffic sources"
            nameHeader="Source"
            countHeader="Visits"
            rows={sources.map((source) => ({
              key: source.source,
              count: source.visits,
              percent: source.percent,
              color: referrerColor(source.source),
              label: (
                <span className="flex items-center gap-2 font-medium" data-source={source.source}>
                  <span
                    className="size-2.5 shrink-0 rounded-full"
                    style={{ backgroundColor: referrerColor(source.source) }}
                    aria-hidden="true"
                  />
                  {source.source}
                </span>
              ),
            }))}
          />
          <p className="flex items-start gap-2 pt-1 text-xs text-slate-500">
            <Info className="mt-px size-3.5 shrink-0" aria-hidden="true" />A visit counts once, on the page it started
            from: from a search engine or another site, or Direct when the address was typed or bookmarked. Moving
            between the site's own pages is not a new visit.
          </p>
        </div>
      )}
    </Panel>
  );
}

const phoneHidden = (className: string) => `hidden sm:table-cell ${className}`;

type TopPost = AnalyticsDashboard['blog']['top_posts'][number];

/** A published post links to its article (in a new tab); a draft says it is one. */
function PostTitle({ post }: { post: TopPost }) {
  if (!post.published) {
    return (
      <span className="font-medium text-slate-800">
        {post.title} <Badge className="ml-1 align-middle">Draft</Badge>
      </span>
    );
  }
  return (
    <a
      href={`/blog/${post.slug}`}
      target="_blank"
      rel="noopener"
      className="group font-medium text-slate-800 hover:text-brand-700 hover:underline"
    >
      {post.title}
      <ExternalLink
        className="ml-1 inline size-3 align-[-1px] text-slate-400 group-hover:text-brand-600"
        aria-hidden="true"
      />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

export function BlogPerformance({ blog }: { blog: AnalyticsDashboard['blog'] }) {
  const id = useId();
  const posts = blog.top_posts.slice(0, ANALYTICS_TOP_POSTS);
  return (
    <Panel id={id} title="Blog Performance" description="All posts, all time" icon={<FileText />}>
      <div className="flex flex-col gap-5">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-blog-figures>
          <MiniStat
            label="Total Posts"
            value={formatNumber(blog.total_posts)}
            detail={`${formatNumber(blog.published_posts)} published`}
          />
          <MiniStat
            label="Total Views"
            value={formatViews(blog.total_views)}
            fullValue={`${formatNumber(blog.total_views)} views`}
          />
          <MiniStat label="Total Likes" value={formatNumber(blog.total_likes)} />
          <MiniStat label="Engagement Rate" value={formatPercent(blog.engagement_rate)} detail="Likes per view" />
        </dl>
        <div>
          <h3 className="mb-2 text-sm font-semibold text-slate-900">Top Posts</h3>
          {posts.length === 0 ? (
            <EmptyList className="bg-slate-50 py-8">{AnalyticsAdminMessage.NO_TOP_POSTS}</EmptyList>
          ) : (
            <table className="w-full text-sm" data-top-posts>
              <caption className="sr-only">Top posts by views</caption>
              <thead>
                <tr className="text-left">
                  <th scope="col" className={headCell}>
                    Title
                  </th>
                  <th scope="col" className={phoneHidden(`${headCell} pl-3 text-right`)}>
                    Views
                  </th>
                  <th scope="col" className={phoneHidden(`${headCell} pl-3 text-right`)}>
                    Likes
                  </th>
                  <th scope="col" className={phoneHidden(`${headCell} pl-3 text-right`)}>
                    <abbr title="Likes per view" className="no-underline">
                      Likes/Views
                    </abbr>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {posts.map((post) => (
                  <tr key={post.id} data-post={post.slug}>
                    <td className="py-2.5">
                      <PostTitle post={post} />
                      {/* Phones have no room for three number columns: the figures go under the title. */}
                      <span className="mt-0.5 block text-xs text-slate-500 tabular-nums sm:hidden">
                        {formatNumber(post.views)} views · {formatNumber(post.likes)} likes ·{' '}
                        {formatPercent(post.like_rate)} like rate
                      </span>
                    </td>
                    <td className={phoneHidden(numberCell)} data-views>
                      {formatNumber(post.views)}
                    </td>
                    <td className={phoneHidden(numberCell)} data-likes>
                      {formatNumber(post.likes)}
                    </td>
                    <td className={phoneHidden(`${numberCell} text-slate-600`)}>{formatPercent(post.like_rate)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      </div>
    </Panel>
  );
}

function CountBars({
  title,
  items,
  total,
  unit,
  empty,
  tone,
}: {
  title: string;
  items: { name: string; count: number }[];
  total: number;
  unit: [one: string, many: string];
  empty: string;
  tone: FigureTone;
}) {
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold text-slate-900">{title}</h3>
      {items.length === 0 ? (
        <p className="text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((item) => (
            <li key={item.name}>
              <ShareBar
                label={item.name}
                count={`${formatNumber(item.count)} ${item.count === 1 ? unit[0] : unit[1]}`}
                percent={total > 0 ? (item.count / total) * 100 : 0}
                tone={tone}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function PortfolioPerformance({ portfolio }: { portfolio: AnalyticsDashboard['portfolio'] }) {
  const id = useId();
  return (
    <Panel id={id} title="Portfolio Performance" description="All projects" icon={<Briefcase />}>
      <div className="grid gap-5 lg:grid-cols-3 lg:gap-6">
        <dl className="grid h-fit grid-cols-2 gap-3" data-portfolio-figures>
          <MiniStat label="Total Projects" value={formatNumber(portfolio.total)} />
          <MiniStat label="Completed" value={formatNumber(portfolio.completed)} />
          <MiniStat label="Success Rate" value={formatPercent(portfolio.success_rate)} detail="Completed projects" />
          <MiniStat label="Featured" value={formatNumber(portfolio.featured)} />
        </dl>
        <CountBars
          title="Projects by Industry"
          items={portfolio.by_industry.map((row) => ({ name: row.industry, count: row.count }))}
          total={portfolio.total}
          unit={['project', 'projects']}
          empty={AnalyticsAdminMessage.NO_INDUSTRIES}
          tone="brand"
        />
        <CountBars
          title={`Top ${ANALYTICS_TOP_TECHNOLOGIES} Technologies`}
          items={portfolio.top_technologies.slice(0, ANALYTICS_TOP_TECHNOLOGIES)}
          total={portfolio.total}
          unit={['project', 'projects']}
          empty={AnalyticsAdminMessage.NO_TECHNOLOGIES}
          tone="violet"
        />
      </div>
    </Panel>
  );
}

export function ContactConversion({ contacts }: { contacts: AnalyticsDashboard['contacts'] }) {
  const id = useId();
  return (
    <Panel id={id} title="Contact & Conversion" description="All requests; conversion in the period" icon={<Mail />}>
      <div className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-contact-figures>
          <MiniStat label="Total Contacts" value={formatNumber(contacts.total)} />
          <MiniStat label="New This Week" value={formatNumber(contacts.new_this_week)} />
          <MiniStat label="Response Rate" value={formatPercent(contacts.response_rate)} detail="Answered requests" />
          <MiniStat
            label="Conversion Rate"
            value={formatFixedPercent(contacts.conversion_rate, 2)}
            detail="Contacts per page view"
          />
        </dl>
        <p className="flex items-start gap-2 text-xs text-slate-500">
          <Info className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          The response rate counts requests whose status moved on from New; the conversion rate divides the requests
          received in the period by its page views.
        </p>
      </div>
    </Panel>
  );
}
