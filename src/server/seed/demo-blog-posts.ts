/**
 * Demo blog posts: real articles written in Markdown (headings, paragraphs, lists, bold). The seed turns
 * them into HTML with `marked` and passes that through the same sanitiser as posts saved in the admin.
 * Six are published, one is a draft. read_time is computed by the seed from the HTML (200 words a minute,
 * rounded up).
 */
export interface DemoBlogPost {
  slug: string;
  title: string;
  excerpt: string;
  /** Markdown. */
  content: string;
  image_url: string;
  /** Category slug. */
  category: string;
  author: string;
  date: string;
  views: number;
  likes: number;
  featured: boolean;
  published: boolean;
  seo_title: string;
  seo_description: string;
  keywords: string[];
  tags: string[];
}

export const demoBlogPosts: DemoBlogPost[] = [
  {
    slug: 'core-web-vitals-checklist-2026',
    title: 'Core Web Vitals in 2026: A Practical Checklist for Faster Business Websites',
    excerpt:
      'Slow pages cost sales and rankings. Here is the checklist we run on every client site to pass Core Web Vitals, with the fixes that make the biggest difference first.',
    image_url: '/demo/blog-1.svg',
    category: 'web-dev',
    author: 'Ahmed Raza',
    date: '2026-10-14',
    views: 2480,
    likes: 186,
    featured: true,
    published: true,
    seo_title: 'Core Web Vitals Checklist 2026 for Business Websites',
    seo_description:
      'A practical, prioritised checklist to improve LCP, INP and CLS on business websites, from images and fonts to third-party scripts.',
    keywords: ['core web vitals', 'page speed', 'LCP', 'INP', 'CLS'],
    tags: ['Performance', 'Web Development', 'SEO'],
    content: `## Why speed is a business metric

Google uses Core Web Vitals as a ranking signal, but the stronger reason to care is simple: visitors leave slow pages. On the e-commerce projects we maintain, every second shaved off the largest image on the page has shown up as more completed checkouts. The three metrics to watch are **Largest Contentful Paint** (how quickly the main content appears, aim for under 2.5 seconds), **Interaction to Next Paint** (how quickly the page responds to taps and clicks, aim for under 200 milliseconds) and **Cumulative Layout Shift** (how much the page jumps around while loading, aim for under 0.1).

## Start with the largest element

On most business sites the largest element is a hero image or a heading over a background. Make it arrive early:

- Serve the hero image in a modern format such as WebP or AVIF, sized for the screen that asks for it.
- Never lazy-load the hero image; give it a high fetch priority instead.
- Preload the one web font the heading uses, and limit yourself to two font families.
- Render the page on the server so the browser receives real HTML, not an empty shell.

## Keep the page responsive

Poor responsiveness almost always comes from too much JavaScript running at once. Audit third-party scripts first: chat widgets, heat maps and several analytics tags often cost more than the whole application. Load them after the page is interactive, or drop the ones nobody reads. In your own code, split large bundles by route so that a visitor reading the blog never downloads the admin dashboard.

## Stop the layout from jumping

Layout shift is the easiest metric to fix and the most irritating to visitors. Give every image and video explicit width and height, reserve space for banners and embeds before they load, and avoid inserting content above what the visitor is already reading. Cookie notices should overlay the page rather than push it down.

## Measure with real visitors

Lab tools such as Lighthouse are useful during development, but the numbers Google uses come from real visitors on real devices. Check the Core Web Vitals report in Search Console every month, and record the metrics from your own analytics so that you can see which pages slow down after a release. A budget helps: if a change makes the home page heavier than an agreed size, it does not ship until something else gets lighter.

## The short version

Optimise the hero image, cut third-party scripts, reserve space for everything that loads late and keep measuring. Those four habits have taken every site we have worked on into the green, and they keep it there as the site grows.`,
  },
  {
    slug: 'ai-automation-workflows-small-business',
    title: 'Where AI Automation Pays Off First: Five Workflows for Small Businesses',
    excerpt:
      'You do not need a data science team to benefit from AI. These five workflows deliver measurable savings within weeks, with low risk and a human still in control.',
    image_url: '/demo/blog-2.svg',
    category: 'ai',
    author: 'Sara Khan',
    date: '2026-09-22',
    views: 3125,
    likes: 241,
    featured: true,
    published: true,
    seo_title: 'Five AI Automation Workflows That Pay Off for Small Businesses',
    seo_description:
      'Practical AI automation for small businesses: e-mail triage, document extraction, support assistants, lead qualification and reporting.',
    keywords: ['AI automation', 'small business', 'LLM', 'workflow automation'],
    tags: ['AI', 'Automation', 'Productivity'],
    content: `## Start where the work is repetitive

The best first AI project is not the most impressive one. It is a task your team repeats dozens of times a week, that follows a recognisable pattern, and where a mistake is cheap to catch. Language models are now good enough at reading and writing ordinary business text that these tasks can be automated for a fraction of what custom software used to cost.

## 1. Inbox triage

A model reads every incoming e-mail, labels it (quote request, support question, invoice, spam), extracts the key details and routes it to the right person. Staff stop spending the first hour of the day sorting mail, and urgent requests stop getting lost.

## 2. Document extraction

Invoices, delivery notes and application forms arrive as PDFs and photos. An extraction pipeline turns them into structured records and flags anything it is unsure about. One of our logistics clients went from a full day of manual data entry to an hour of review.

## 3. A support assistant grounded in your documents

A chat assistant that answers from your own manuals, policies and price lists, and says so when it does not know, can handle the common questions around the clock. The important words are **grounded** and **hand-off**: answers cite their source, and anything unusual goes to a person with the conversation attached.

## 4. Lead qualification

Contact forms produce a mix of serious enquiries, students and sales pitches. A model can score each submission against your ideal client profile, draft a tailored first reply and put the best leads at the top of the list, so your team answers the right people first.

## 5. Reporting that writes itself

Weekly sales, support and website numbers can be collected automatically and summarised in plain language: what changed, what is unusual and what deserves attention. Managers read a one-page summary instead of assembling spreadsheets.

## How to keep it safe

- Keep a person in the loop for anything that reaches a customer or moves money.
- Log every automated decision so you can review and improve it.
- Send only the data the task needs to the model, and check your provider's data-retention terms.
- Measure time saved and error rates from day one, so the project earns its budget.

Pick one workflow, run it for a month alongside the manual process, and compare. That is the fastest route from curiosity about AI to a result you can put a number on.`,
  },
  {
    slug: 'technical-seo-foundations-new-website',
    title: 'Technical SEO Foundations Every New Website Needs',
    excerpt:
      'Great content cannot rank if search engines struggle to crawl it. These technical foundations should be in place before a new website goes live.',
    image_url: '/demo/blog-3.svg',
    category: 'seo',
    author: 'Usman Farooq',
    date: '2026-08-05',
    views: 1960,
    likes: 132,
    featured: true,
    published: true,
    seo_title: 'Technical SEO Checklist for Launching a New Website',
    seo_description:
      'Crawlability, clean URLs, metadata, structured data, sitemaps and redirects: the technical SEO foundations to set up before launch.',
    keywords: ['technical SEO', 'website launch', 'sitemap', 'structured data'],
    tags: ['SEO', 'Web Development', 'Launch'],
    content: `## Make every page reachable

Search engines discover pages by following links. Every important page should be reachable from the navigation or from other pages within a few clicks, and should return real HTML when requested. Sites that render everything in the browser after a blank first response still get indexed, but more slowly and less reliably than server-rendered pages.

## Clean, stable URLs

Use short, readable addresses that describe the page, such as **/blog/technical-seo-foundations**, and keep them stable. Decide once whether addresses end with a slash and whether the site lives on www or not, then redirect every other variant to the canonical one with a permanent redirect.

## Titles, descriptions and canonical tags

- Give each page a unique title of about 50 to 60 characters with the main topic first.
- Write a meta description that would make a person click; search engines often show it in results.
- Add a canonical link on every page so that filtered or tracked versions of an address do not compete with the original.
- Add Open Graph tags so that shared links look good on LinkedIn, Facebook and WhatsApp.

## Structured data

Structured data in JSON-LD tells search engines what a page is about: an organisation, an article, a product, a job posting. It does not guarantee rich results, but it makes them possible and removes guesswork. For a services company, Organization, LocalBusiness and Article markup cover most pages.

## Sitemaps and robots

Publish an XML sitemap listing the pages you want indexed, keep it updated automatically when content changes, and submit it in Search Console. Use robots.txt to keep crawlers out of admin areas and internal search results, but never to hide pages you want removed from the index; use a noindex tag for that.

## Plan redirects before migrating

When a new site replaces an old one, list every old address that receives traffic or links and map it to its new home. Missing redirects are the most common reason a redesigned website loses half its search traffic overnight.

## Measure after launch

Verify the site in Search Console on launch day, watch the coverage report for errors in the first weeks, and check that important pages are indexed. Technical SEO is not glamorous, but it is the foundation every piece of content you publish will stand on.`,
  },
  {
    slug: 'blockchain-when-shared-ledger-makes-sense',
    title: 'Blockchain Beyond the Hype: When a Shared Ledger Actually Makes Sense',
    excerpt:
      'Most projects do not need a blockchain. Some genuinely do. A short decision guide to tell the difference before you spend the budget.',
    image_url: '/demo/blog-4.svg',
    category: 'blockchain',
    author: 'Ahmed Raza',
    date: '2026-06-18',
    views: 1240,
    likes: 74,
    featured: false,
    published: true,
    seo_title: 'When Does Blockchain Make Sense for a Business?',
    seo_description:
      'A practical decision guide for business leaders: when a shared ledger adds value, and when a conventional database is the better choice.',
    keywords: ['blockchain', 'distributed ledger', 'smart contracts', 'decision guide'],
    tags: ['Blockchain', 'Strategy'],
    content: `## Start with the question, not the technology

Clients regularly ask us whether their next project should use blockchain. Our first answer is always another question: who needs to trust this data, and do they trust each other? A blockchain is a database that several parties can write to without any one of them being in charge. That property is valuable in a small number of situations and an expensive complication in all others.

## When a conventional database is better

- One organisation owns the data and everyone else already trusts it to keep it honestly.
- Records must be corrected or deleted, for example to meet privacy law.
- The system needs thousands of fast, cheap updates per second.
- Nobody outside your company needs to verify the history independently.

In these cases a well-designed database with an audit log, backups and access control is faster, cheaper and easier to maintain.

## When a shared ledger earns its place

A blockchain starts to make sense when several independent organisations must share a record, none of them is willing to let another control it, and the record must be tamper-evident. Supply-chain provenance between suppliers and buyers, certificates that third parties verify without calling the issuer, and settlement between partners who would otherwise reconcile spreadsheets every month are typical examples.

## Smart contracts are code with consequences

Smart contracts automate agreements, such as releasing payment when a delivery is confirmed. They are powerful, but once deployed they are hard to change, and bugs can be costly. Any contract that holds value deserves a specification, thorough tests and an independent audit before launch.

## A middle path

Many organisations get most of the benefit with less complexity by anchoring: they keep data in an ordinary database and periodically publish a cryptographic fingerprint of it to a public chain. Anyone can then prove that a record existed and has not changed since, without the business running its operations on a blockchain.

## Our rule of thumb

**If you can name a trusted party who could run the database, let them run it.** If you cannot, and the parties still need to agree on one version of the truth, a shared ledger is worth a closer look. Either way, a short discovery phase is far cheaper than building the wrong thing.`,
  },
  {
    slug: 'social-media-content-engine',
    title: "Building a Social Media Content Engine That Doesn't Burn Out Your Team",
    excerpt:
      'Consistent posting beats viral luck. A simple system of content pillars, batching and repurposing keeps your channels active without taking over your week.',
    image_url: '/demo/blog-5.svg',
    category: 'social-media',
    author: 'Maryam Hassan',
    date: '2026-04-09',
    views: 1575,
    likes: 118,
    featured: false,
    published: true,
    seo_title: 'A Sustainable Social Media Content System for Small Teams',
    seo_description:
      'Content pillars, monthly batching, repurposing and simple measurement: a social media system small teams can keep up.',
    keywords: ['social media marketing', 'content calendar', 'content pillars', 'repurposing'],
    tags: ['Social Media', 'Marketing', 'Content Strategy'],
    content: `## Consistency is the strategy

Small businesses rarely fail at social media because their posts are bad. They fail because posting stops after three enthusiastic weeks. The fix is not more inspiration; it is a system that makes the next post obvious and cheap to produce.

## Choose three to four content pillars

Pillars are the recurring themes your audience expects from you. For a software services company they might be:

- **Expertise**: short tips and explanations that solve a real problem.
- **Proof**: project results, before-and-after screenshots and client quotes.
- **People**: the team, interns and the way you work.
- **Perspective**: your opinion on news and trends in your field.

Every post belongs to a pillar, which removes the daily question of what to say.

## Batch once a month

Set aside half a day each month to plan and produce the next four weeks. Write captions together, design graphics from templates and schedule everything in one sitting. Batching is faster than daily improvisation and frees the rest of the month for replying to comments, which is where relationships are actually built.

## Repurpose every substantial piece

One blog article can become a LinkedIn post, a carousel of five slides, a short video with the key point, a quote graphic and a question for your audience. Publishing the same idea in different formats over several weeks is not repetition; most of your followers will only see one of them.

## Match the channel

LinkedIn rewards thoughtful text and professional stories. Instagram and Threads favour visuals and a conversational tone. X suits quick commentary and links. Facebook still reaches local communities and older audiences. Pick the two channels where your clients spend time and do them well rather than five of them badly.

## Measure what matters

Likes are pleasant but rarely pay the bills. Track profile visits, clicks to your website, enquiries that mention social media and the posts that start conversations. Review once a month, do more of what works and drop what does not. A modest, steady system will outperform occasional bursts of effort every time.`,
  },
  {
    slug: 'website-builder-vs-custom-web-application',
    title: 'Choosing Between a Website Builder and a Custom Web Application',
    excerpt:
      'Website builders are quick and cheap; custom applications are flexible and scalable. Here is how to decide which one fits your business today, and when to switch.',
    image_url: '/demo/blog-6.svg',
    category: 'web-dev',
    author: 'Usman Farooq',
    date: '2026-02-17',
    views: 2210,
    likes: 163,
    featured: true,
    published: true,
    seo_title: 'Website Builder or Custom Web Application? How to Choose',
    seo_description:
      'Compare website builders and custom web applications on cost, speed, flexibility and ownership, with clear signs for when to move to custom.',
    keywords: ['website builder', 'custom web application', 'web development cost'],
    tags: ['Web Development', 'Strategy', 'E-Commerce'],
    content: `## Two good options for different stages

Website builders such as Wix, Squarespace and Shopify have become genuinely good. For many small businesses they are the right first choice. Custom web applications, built with frameworks such as React and Node.js, cost more up front but remove almost every limit. The right answer depends on what the website has to do, not on which option sounds more professional.

## When a builder is the right call

- The site presents your business, services and contact details, and changes a few times a month.
- Your store sells a standard catalogue with standard shipping and payment.
- You need to launch within weeks and the budget is limited.
- Nobody on the team wants to think about hosting, updates or security patches.

## When custom development pays off

- The website is part of how you deliver your service: bookings with complex rules, client portals, quoting tools.
- You need integrations the builder does not offer, such as your ERP, a local payment gateway or an internal system.
- Performance and search ranking are critical and the builder's templates hold you back.
- Monthly plugin and app fees have grown larger than the cost of owning the software.

## Look at the total cost, not the first invoice

A builder's subscription looks cheap, but add premium plans, paid apps, transaction fees and the hours spent working around limitations. A custom application has a larger initial cost and a smaller monthly one, and you own the code. Over three years the comparison is often closer than it first appears, and for businesses with unusual processes custom usually wins.

## Ownership and portability

With a builder, your site lives on someone else's platform: if prices rise or features disappear, moving is painful. With custom software, **you own the code and the data**, and any competent developer can continue the work. Whichever route you choose, make sure you can export your content, customers and orders.

## A sensible path

Many of our clients start on a builder, learn what their customers actually need, and move to a custom application when the limits start costing money. That is a perfectly good plan. The mistake is staying too long, or building custom software before you know what to build.`,
  },
  {
    slug: 'retrieval-augmented-generation-explained',
    title: 'Retrieval-Augmented Generation Explained for Business Owners',
    excerpt:
      'Why a chatbot that reads your documents before it answers is more reliable than one that only remembers its training, and what it takes to build one.',
    image_url: '/demo/blog-7.svg',
    category: 'ai',
    author: 'Sara Khan',
    date: '2026-11-03',
    views: 0,
    likes: 0,
    featured: false,
    published: false,
    seo_title: 'Retrieval-Augmented Generation (RAG) Explained Simply',
    seo_description:
      'What retrieval-augmented generation is, why it makes AI assistants more accurate, and what a business needs to build one.',
    keywords: ['RAG', 'retrieval-augmented generation', 'AI assistant', 'knowledge base'],
    tags: ['AI', 'Chatbots'],
    content: `## The problem with a model's memory

Large language models learn from huge amounts of public text, but they know nothing about your products, prices or policies, and their knowledge stops at a fixed date. Ask one about your return policy and it will produce a confident, plausible and possibly wrong answer. For a business, that is worse than no answer at all.

## Look it up first, then answer

Retrieval-augmented generation, usually shortened to RAG, fixes this by adding a search step. When a question arrives, the system first searches your own documents for the most relevant passages, then gives those passages to the model together with the question and an instruction to answer only from them. The model does what it is best at, writing a clear answer, while the facts come from your material.

## What you need

- **Good source documents**: manuals, policies, price lists and FAQs that are current and not contradictory. The assistant can only be as accurate as what it reads.
- **An index**: documents are split into passages and stored so that they can be searched by meaning, not only by exact words.
- **Clear instructions**: answer from the sources, cite them, and say when the answer is not there.
- **An evaluation set**: a list of real questions with correct answers, run after every change to catch regressions.

## Keeping it trustworthy

Show the sources with each answer so that customers and staff can check them. Route questions the system cannot answer to a person, and review those conversations weekly: they tell you which documents are missing. Keep the index updated automatically when documents change, so that the assistant never quotes last year's prices.

## Where it works well

Internal help desks, customer support for products with detailed documentation, onboarding new employees and answering questions about contracts or procedures are all good fits. In each case the value comes from the same place: people get accurate answers in seconds, and experts spend their time on the questions that really need them.

## Getting started

Start small with one well-documented topic, measure answer quality against your evaluation set, and widen the scope once the results are consistently good. A focused assistant that is right is far more valuable than a broad one that is sometimes wrong.`,
  },
];
