/**
 * Demo portfolio projects across the documented industries. Technologies come from the admin
 * suggestion list; images are SVG illustrations in public/demo/.
 */
export interface DemoProject {
  slug: string;
  title: string;
  short_description: string;
  description: string;
  client: string;
  industry: string;
  category: string;
  results: string;
  technical_specs: string;
  status: 'progress' | 'done';
  image_url: string;
  live_url: string | null;
  case_study_url: string | null;
  completion_date: string | null;
  featured: boolean;
  colorful: boolean;
  published: boolean;
  likes: number;
  /** When the project was added to the portfolio (drives "newest first"). */
  created_at: string;
  technologies: string[];
  gallery: Array<{ url: string; title: string }>;
  team: Array<{ name: string; role: string; bio: string; image: string | null }>;
  testimonials: Array<{ name: string; position: string; company: string; text: string; rating: number }>;
}

const gallery = (n: number, titles: [string, string, string]) =>
  titles.map((title, i) => ({ url: `/demo/project-${n}-gallery-${i + 1}.svg`, title }));

const ahmed = {
  name: 'Ahmed Raza',
  role: 'Technical Lead',
  bio: 'Architecture, code review and client communication.',
  image: '/demo/team-1.svg',
};
const sara = {
  name: 'Sara Khan',
  role: 'AI Engineer',
  bio: 'Model integration, retrieval and evaluation.',
  image: '/demo/team-2.svg',
};
const usman = {
  name: 'Usman Farooq',
  role: 'Full-Stack Developer',
  bio: 'APIs, integrations and deployment.',
  image: '/demo/team-3.svg',
};
const maryam = {
  name: 'Maryam Hassan',
  role: 'UI/UX Designer',
  bio: 'Research, interface design and prototypes.',
  image: '/demo/team-4.svg',
};

export const demoProjects: DemoProject[] = [
  {
    slug: 'bloom-retail-online-store',
    title: 'Bloom Retail Online Store',
    short_description:
      'A fast, mobile-first online store for a fashion retailer with 2,000 products, local payment gateways and real-time inventory sync with the shops.',
    description:
      'Bloom Retail sold through three physical shops and an outdated online store that was slow on mobile and out of sync with shop inventory. We rebuilt the storefront as a server-rendered React application backed by a Node.js API, connected it to their point-of-sale system so stock levels update within seconds, and integrated card payments, bank transfers and cash on delivery.\n\nThe new store includes size guides, wish lists, order tracking and an admin dashboard for promotions and content.',
    client: 'Bloom Retail Group',
    industry: 'E-Commerce',
    category: 'E-commerce Store',
    results:
      'Mobile page load time fell from 6.1 to 1.8 seconds, checkout abandonment dropped by 34 percent and online revenue grew 58 percent in the first six months.',
    technical_specs:
      'React server-side rendering, Node.js and Express API, MongoDB product catalogue, Redis cache, AWS CloudFront CDN, webhook integration with the point-of-sale system.',
    status: 'done',
    image_url: '/demo/project-1.svg',
    live_url: 'https://bloom-retail.example.com',
    case_study_url: '/blog/core-web-vitals-checklist-2026',
    completion_date: '2025-11-10',
    featured: true,
    colorful: true,
    published: true,
    likes: 96,
    created_at: '2025-11-14T10:00:00.000Z',
    technologies: ['React', 'Node.js', 'Express', 'MongoDB', 'AWS', 'Tailwind CSS'],
    gallery: gallery(1, ['Home page with seasonal collection', 'Order management dashboard', 'Mobile checkout flow']),
    team: [ahmed, usman, maryam],
    testimonials: [
      {
        name: 'Sarah Johnson',
        position: 'Marketing Director',
        company: 'Bloom Retail Group',
        text: 'Fast, beautiful and it sells. Our customers noticed the difference on day one.',
        rating: 5,
      },
    ],
  },
  {
    slug: 'careconnect-patient-booking-app',
    title: 'CareConnect Patient Booking App',
    short_description:
      'A patient appointment app for a network of clinics: booking, reminders, secure messages and a reception dashboard.',
    description:
      'CareConnect runs six clinics whose receptionists handled every booking by phone. We designed a simple, accessible booking app for iOS and Android and a web dashboard for staff. Patients choose a clinic, doctor and time slot, receive reminders by SMS and push notification, and can send documents securely before the visit.\n\nWe paid particular attention to older patients: large touch targets, clear language and a guided booking flow.',
    client: 'CareConnect Clinics',
    industry: 'Healthcare',
    category: 'Mobile App',
    results:
      'Sixty-two percent of appointments are now booked in the app, no-shows fell by 41 percent thanks to reminders and reception phone time halved.',
    technical_specs:
      'React Native app, Node.js API with role-based access, PostgreSQL with encrypted fields for sensitive data, Docker deployment on AWS, audit logging of every record access.',
    status: 'done',
    image_url: '/demo/project-2.svg',
    live_url: 'https://careconnect.example.com',
    case_study_url: null,
    completion_date: '2025-08-22',
    featured: true,
    colorful: false,
    published: true,
    likes: 71,
    created_at: '2025-08-28T09:30:00.000Z',
    technologies: ['React Native', 'Node.js', 'PostgreSQL', 'Docker', 'AWS', 'TypeScript'],
    gallery: gallery(2, ['Appointment booking screens', 'Reception dashboard', 'Reminder and messaging flow']),
    team: [maryam, usman, ahmed],
    testimonials: [
      {
        name: 'Emily Rodriguez',
        position: 'Founder',
        company: 'CareConnect Clinics',
        text: 'Simple for our patients, secure for our staff and delivered on time.',
        rating: 5,
      },
    ],
  },
  {
    slug: 'learnpath-online-academy',
    title: 'LearnPath Online Academy',
    short_description:
      'A learning platform with video courses, quizzes, progress tracking and certificates for a professional training institute.',
    description:
      'LearnPath delivered classroom courses and wanted to reach students across the country. We built a learning platform with course catalogues, video lessons, quizzes with instant feedback, discussion threads and verifiable completion certificates. Instructors manage their own courses and see where students struggle.',
    client: 'LearnPath Institute',
    industry: 'Education',
    category: 'Web Application',
    results:
      'Over 4,500 students enrolled in the first year, course completion rose to 71 percent and the institute opened two new course tracks online only.',
    technical_specs:
      'Vue.js front end, Laravel API, MySQL, adaptive video streaming through AWS, background jobs for certificates and e-mail reminders.',
    status: 'done',
    image_url: '/demo/project-3.svg',
    live_url: 'https://learnpath.example.com',
    case_study_url: null,
    completion_date: '2025-05-30',
    featured: true,
    colorful: true,
    published: true,
    likes: 64,
    created_at: '2025-06-03T11:00:00.000Z',
    technologies: ['Vue.js', 'Laravel', 'MySQL', 'AWS', 'Bootstrap'],
    gallery: gallery(3, ['Course catalogue', 'Instructor analytics', 'Lesson player on mobile']),
    team: [usman, maryam],
    testimonials: [],
  },
  {
    slug: 'ledgerly-invoice-automation',
    title: 'Ledgerly Invoice Automation',
    short_description:
      'AI document processing that reads supplier invoices, extracts line items and posts them to the accounting system for review.',
    description:
      'An accounting firm spent days each month typing supplier invoices into client ledgers. We built a pipeline that receives invoices by e-mail or upload, extracts supplier, dates, totals, tax and line items with a language model, validates them against purchase orders and presents anything uncertain for review before posting.',
    client: 'Ledgerly Accounting',
    industry: 'Finance',
    category: 'AI Solution',
    results:
      'Manual data entry fell by 85 percent, month-end closing moved three days earlier and extraction accuracy reached 98.7 percent on reviewed invoices.',
    technical_specs:
      'Python and Flask services, LLM extraction with schema validation, PostgreSQL, job queue with retries, REST API integration with the accounting software, Docker on AWS.',
    status: 'done',
    image_url: '/demo/project-4.svg',
    live_url: null,
    case_study_url: '/blog/ai-automation-workflows-small-business',
    completion_date: '2026-03-12',
    featured: true,
    colorful: false,
    published: true,
    likes: 88,
    created_at: '2026-03-16T08:00:00.000Z',
    technologies: ['Python', 'Flask', 'PostgreSQL', 'Docker', 'AWS', 'REST API'],
    gallery: gallery(4, ['Invoice review queue', 'Extraction accuracy dashboard', 'Approval on mobile']),
    team: [sara, usman],
    testimonials: [
      {
        name: 'Michael Chen',
        position: 'Operations Manager',
        company: 'Northline Logistics',
        text: 'The same approach now reads our delivery notes too. It paid for itself in a quarter.',
        rating: 5,
      },
    ],
  },
  {
    slug: 'paysecure-wallet-dashboard',
    title: 'PaySecure Merchant Dashboard',
    short_description:
      'A real-time merchant dashboard for a payments start-up: transactions, payouts, refunds and fraud alerts.',
    description:
      'PaySecure needed a dashboard its merchants could trust with their money. We designed and built a web application showing live transactions, settlement schedules, refunds and chargebacks, with two-factor authentication, role-based team access and exportable reports.',
    client: 'PaySecure',
    industry: 'Finance',
    category: 'Web Application',
    results:
      'Support tickets about payouts dropped by 60 percent and merchants adopted the dashboard within two weeks of launch.',
    technical_specs:
      'React and TypeScript, GraphQL API on Node.js, PostgreSQL with read replicas, WebSocket updates, Kubernetes on AWS.',
    status: 'progress',
    image_url: '/demo/project-5.svg',
    live_url: null,
    case_study_url: null,
    completion_date: null,
    featured: false,
    colorful: false,
    published: true,
    likes: 23,
    created_at: '2026-09-08T10:00:00.000Z',
    technologies: ['React', 'TypeScript', 'GraphQL', 'Node.js', 'PostgreSQL', 'Kubernetes', 'AWS'],
    gallery: gallery(5, ['Transactions overview', 'Payout schedule', 'Mobile fraud alerts']),
    team: [ahmed, usman, maryam],
    testimonials: [],
  },
  {
    slug: 'devpulse-saas-analytics',
    title: 'DevPulse Engineering Analytics',
    short_description:
      'A SaaS product that turns Git and issue-tracker activity into delivery metrics and weekly team summaries.',
    description:
      'DevPulse helps engineering managers see how work flows through their teams. We built the product from prototype to paying customers: integrations with Git hosts and issue trackers, metric pipelines, dashboards and AI-written weekly summaries.',
    client: 'DevPulse Inc.',
    industry: 'Technology',
    category: 'SaaS Platform',
    results:
      'Launched to 40 paying teams in three months; weekly summaries are opened by 78 percent of managers who receive them.',
    technical_specs:
      'Next.js front end on React, Node.js workers, PostgreSQL with time-series tables, Docker, CI/CD to AWS, OAuth integrations.',
    status: 'done',
    image_url: '/demo/project-6.svg',
    live_url: 'https://devpulse.example.com',
    case_study_url: null,
    completion_date: '2026-06-30',
    featured: true,
    colorful: true,
    published: true,
    likes: 57,
    created_at: '2026-07-02T09:00:00.000Z',
    technologies: ['React', 'TypeScript', 'Node.js', 'PostgreSQL', 'Docker', 'AWS'],
    gallery: gallery(6, ['Team delivery dashboard', 'Pull request insights', 'Weekly summary on mobile']),
    team: [ahmed, sara, usman],
    testimonials: [],
  },
  {
    slug: 'skyline-properties-portal',
    title: 'Skyline Properties Listing Portal',
    short_description:
      'A property listing portal with map search, virtual tours, saved searches and agent lead management.',
    description:
      'Skyline Properties wanted buyers to find homes online before calling an agent. We built a listing portal with map-based search, filters, photo galleries and virtual tours, saved searches with e-mail alerts and a lead inbox for agents.',
    client: 'Skyline Properties',
    industry: 'Real Estate',
    category: 'Web Application',
    results:
      'Qualified enquiries doubled, agents answer leads 3 times faster and organic search traffic grew 120 percent in eight months.',
    technical_specs:
      'Laravel with Vue.js, MySQL with spatial indexes, image processing pipeline, map integration, scheduled alert e-mails.',
    status: 'done',
    image_url: '/demo/project-7.svg',
    live_url: 'https://skyline-properties.example.com',
    case_study_url: null,
    completion_date: '2025-02-14',
    featured: true,
    colorful: false,
    published: true,
    likes: 45,
    created_at: '2025-02-20T12:00:00.000Z',
    technologies: ['Laravel', 'Vue.js', 'MySQL', 'Tailwind CSS', 'AWS'],
    gallery: gallery(7, ['Map search', 'Agent lead inbox', 'Listing page on mobile']),
    team: [usman, maryam],
    testimonials: [
      {
        name: 'Omar Sheikh',
        position: 'Managing Director',
        company: 'Skyline Properties',
        text: 'Our agents now spend their time with serious buyers instead of answering the same questions.',
        rating: 5,
      },
    ],
  },
  {
    slug: 'fabrica-production-tracker',
    title: 'Fabrica Production Tracker',
    short_description:
      'A shop-floor production tracking system with tablet check-ins, machine status and daily output reports.',
    description:
      'A textile manufacturer tracked production on paper sheets collected at the end of each shift. We replaced them with tablet check-ins at each workstation, a live production board for supervisors and automatic daily reports for management.',
    client: 'Fabrica Textiles',
    industry: 'Manufacturing',
    category: 'Custom Software',
    results:
      'Reporting delay went from one day to real time and machine downtime fell 18 percent once bottlenecks became visible.',
    technical_specs:
      'React progressive web app for tablets, Node.js API, PostgreSQL, offline queueing on the shop floor, Docker on an on-premises server.',
    status: 'done',
    image_url: '/demo/project-8.svg',
    live_url: null,
    case_study_url: null,
    completion_date: '2024-12-05',
    featured: false,
    colorful: false,
    published: true,
    likes: 19,
    created_at: '2024-12-10T10:00:00.000Z',
    technologies: ['React', 'Node.js', 'PostgreSQL', 'Docker'],
    gallery: gallery(8, ['Live production board', 'Workstation check-in', 'Daily output report']),
    team: [ahmed, usman],
    testimonials: [],
  },
  {
    slug: 'streamline-events-ticketing',
    title: 'Streamline Events Ticketing',
    short_description:
      'Event ticketing with seat selection, mobile tickets and QR check-in for a concert and festival organiser.',
    description:
      'Streamline Events sold tickets through third-party platforms with high fees. We built their own ticketing platform with seat maps, promo codes, mobile wallet tickets and a QR check-in app that works without a network connection at the venue.',
    client: 'Streamline Events',
    industry: 'Entertainment',
    category: 'Web & Mobile',
    results:
      'Ticketing fees fell by 70 percent, and 12,000 attendees checked in at the first festival with an average scan time under one second.',
    technical_specs:
      'Flutter check-in app, Node.js API, MongoDB, payment gateway integration, signed QR codes, load-tested for on-sale peaks.',
    status: 'done',
    image_url: '/demo/project-9.svg',
    live_url: 'https://streamline-events.example.com',
    case_study_url: null,
    completion_date: '2026-04-18',
    featured: true,
    colorful: true,
    published: true,
    likes: 52,
    created_at: '2026-04-22T15:00:00.000Z',
    technologies: ['Flutter', 'Node.js', 'MongoDB', 'REST API', 'AWS'],
    gallery: gallery(9, ['Seat selection', 'Organiser sales dashboard', 'QR check-in app']),
    team: [usman, maryam, ahmed],
    testimonials: [],
  },
  {
    slug: 'greencart-grocery-delivery',
    title: 'GreenCart Grocery Delivery',
    short_description:
      'A grocery delivery store with scheduled delivery slots, substitutions and a rider app, built on Shopify with custom apps.',
    description:
      'GreenCart needed to launch grocery delivery quickly without giving up control of delivery logistics. We used Shopify for the catalogue and checkout and built custom apps for delivery-slot booking, substitutions and a rider app with route lists.',
    client: 'GreenCart',
    industry: 'E-Commerce',
    category: 'E-commerce Store',
    results: 'Launched in seven weeks; repeat customers account for 64 percent of orders after four months.',
    technical_specs:
      'Shopify storefront, custom Node.js apps via Shopify APIs, React Native rider app, PostgreSQL for delivery planning.',
    status: 'progress',
    image_url: '/demo/project-10.svg',
    live_url: 'https://greencart.example.com',
    case_study_url: null,
    completion_date: null,
    featured: false,
    colorful: true,
    published: true,
    likes: 14,
    created_at: '2026-10-01T09:00:00.000Z',
    technologies: ['Shopify', 'Node.js', 'React Native', 'PostgreSQL'],
    gallery: gallery(10, ['Delivery slot booking', 'Substitution manager', 'Rider route list']),
    team: [usman, ahmed],
    testimonials: [],
  },
  {
    slug: 'mindwell-telehealth-platform',
    title: 'MindWell Telehealth Platform',
    short_description: 'Secure video consultations, scheduling and session notes for an online therapy practice.',
    description:
      'MindWell connects clients with licensed therapists online. We are building the platform: matching, scheduling across time zones, secure video sessions, encrypted session notes and subscription billing.',
    client: 'MindWell Health',
    industry: 'Healthcare',
    category: 'Web Application',
    results:
      'The pilot with 25 therapists runs 600 sessions a month with 99.9 percent video uptime; the full launch is scheduled for early next year.',
    technical_specs:
      'Next.js on React, Django REST API, PostgreSQL with field-level encryption, WebRTC video, Kubernetes on Azure.',
    status: 'progress',
    image_url: '/demo/project-11.svg',
    live_url: null,
    case_study_url: null,
    completion_date: null,
    featured: false,
    colorful: false,
    published: true,
    likes: 11,
    created_at: '2026-10-20T10:00:00.000Z',
    technologies: ['React', 'Django', 'Python', 'PostgreSQL', 'Kubernetes', 'Azure'],
    gallery: gallery(11, ['Therapist matching', 'Session schedule', 'Video session on mobile']),
    team: [ahmed, sara, maryam],
    testimonials: [],
  },
  {
    slug: 'internal-knowledge-assistant',
    title: 'Internal Knowledge Assistant',
    short_description:
      'An AI assistant that answers staff questions from company policies and manuals, with sources for every answer.',
    description:
      'An internal project, not yet ready to publish: a retrieval-augmented assistant over our own handbooks, used to test evaluation methods before we offer the same approach to clients.',
    client: 'SmartStack Technologies',
    industry: 'Technology',
    category: 'AI Solution',
    results: 'Answers 83 percent of internal questions correctly in the current evaluation set.',
    technical_specs: 'Python, vector search on PostgreSQL, LLM API, evaluation harness run in CI.',
    status: 'progress',
    image_url: '/demo/project-12.svg',
    live_url: null,
    case_study_url: null,
    completion_date: null,
    featured: false,
    colorful: false,
    published: false,
    likes: 0,
    created_at: '2026-11-02T10:00:00.000Z',
    technologies: ['Python', 'PostgreSQL', 'Docker'],
    gallery: gallery(12, ['Chat with cited sources', 'Evaluation results', 'Admin document index']),
    team: [sara],
    testimonials: [],
  },
];
