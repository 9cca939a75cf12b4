/**
 * The demo content of the specification (01-public-site.md): what a fresh installation shows.
 * Everything here is editable from the admin afterwards. Images are light SVG illustrations shipped
 * in public/demo/ (the site serves public/ at its root), so a fresh install works without internet.
 */
export const demoCompany = {
  name: 'SmartStack Technologies',
  founder: 'Ahmed Raza',
  location: 'Islamabad, Pakistan',
  email: 'hello@smartstack.example',
  phone: '+92 300 1234567',
  whatsapp: '+92 300 1234567',
  value_proposition: 'Professional web development, AI integration and automation for growing businesses.',
  tagline: 'Transforming Ideas into Digital Excellence',
  description:
    'We are a software services company based in Islamabad. We build websites, web applications, e-commerce stores, mobile apps and AI-powered automation that help businesses grow, and we stay with our clients long after launch.',
};

export const demoCoreServices = [
  'Web Development',
  'AI Integration & Automation',
  'Blockchain Solutions',
  'Social Media Marketing',
  'SEO Optimization',
];

export const demoSocialLinks = [
  { platform: 'linkedin', title: 'LinkedIn', url: 'https://www.linkedin.com/company/smartstack-technologies' },
  { platform: 'twitter', title: 'X', url: 'https://x.com/smartstacktech' },
  { platform: 'instagram', title: 'Instagram', url: 'https://www.instagram.com/smartstacktech' },
  { platform: 'threads', title: 'Threads', url: 'https://www.threads.net/@smartstacktech' },
  { platform: 'facebook', title: 'Facebook', url: 'https://www.facebook.com/smartstacktech' },
];

export interface DemoService {
  title: string;
  text: string;
  /** lucide-react icon name. */
  icon: string;
  light?: boolean;
  featured?: boolean;
}

export const demoServices: DemoService[] = [
  {
    title: 'Web Development',
    icon: 'Code',
    featured: true,
    text: 'Fast, accessible websites and web applications built with React, Next.js and Node.js. We design for conversion, write clean code you can maintain, and ship with analytics, SEO foundations and a content editor your team will actually enjoy using.',
  },
  {
    title: 'AI Integration & Automation',
    icon: 'Bot',
    featured: true,
    light: true,
    text: 'We connect large language models and machine learning to the tools you already use: support assistants trained on your documents, automatic lead qualification, document processing and reporting that runs itself, with humans kept in the loop where it matters.',
  },
  {
    title: 'E-Commerce Solutions',
    icon: 'ShoppingCart',
    featured: true,
    text: 'Online stores that load quickly and sell reliably, on Shopify or a custom stack. Product catalogues, secure checkout, local and international payment gateways, inventory sync and the marketing integrations that turn first-time visitors into repeat customers.',
  },
  {
    title: 'Custom Software',
    icon: 'Cpu',
    text: 'When off-the-shelf software gets in the way, we build the system your process needs: internal dashboards, booking and scheduling platforms, ERP extensions and APIs. We start with a short discovery phase so that scope, cost and timeline are clear before any code is written.',
  },
  {
    title: 'Mobile App Development',
    icon: 'Smartphone',
    light: true,
    text: 'Cross-platform iOS and Android apps with React Native and Flutter, sharing one codebase without feeling generic. Offline support, push notifications, in-app payments and a smooth path through App Store and Google Play review are part of every project.',
  },
  {
    title: 'Digital Transformation',
    icon: 'TrendingUp',
    text: 'We help established businesses move paper, spreadsheets and e-mail chains into connected digital workflows. Process mapping, cloud migration to AWS, staff training and measurable goals make sure the change sticks and pays for itself.',
  },
];

export interface DemoTeamMember {
  name: string;
  position: string;
  bio: string;
  image: string;
  linkedin: string | null;
  github: string | null;
  twitter: string | null;
  email: string | null;
  skills: string[];
}

export const demoTeam: DemoTeamMember[] = [
  {
    name: 'Ahmed Raza',
    position: 'Founder & Lead Engineer',
    bio: 'Ahmed has built web platforms for startups and established companies for more than eight years. He leads architecture and client relationships, and still reviews every pull request.',
    image: '/demo/team-1.svg',
    linkedin: 'https://www.linkedin.com/company/smartstack-technologies',
    github: null,
    twitter: null,
    email: 'ahmed@smartstack.example',
    skills: ['System Architecture', 'Node.js', 'React', 'AWS'],
  },
  {
    name: 'Sara Khan',
    position: 'AI & Automation Engineer',
    bio: 'Sara designs the assistants and automations we ship, from document processing pipelines to customer-support bots grounded in company knowledge.',
    image: '/demo/team-2.svg',
    linkedin: null,
    github: null,
    twitter: null,
    email: 'sara@smartstack.example',
    skills: ['Python', 'LLM Integration', 'Machine Learning', 'Data Pipelines'],
  },
  {
    name: 'Usman Farooq',
    position: 'Full-Stack Developer',
    bio: 'Usman builds the APIs, dashboards and e-commerce back ends behind our projects and looks after performance and security in production.',
    image: '/demo/team-3.svg',
    linkedin: null,
    github: null,
    twitter: null,
    email: 'usman@smartstack.example',
    skills: ['TypeScript', 'Laravel', 'PostgreSQL', 'Docker'],
  },
  {
    name: 'Maryam Hassan',
    position: 'UI/UX Designer',
    bio: 'Maryam turns business goals into interfaces people understand at a glance, with research, prototypes and design systems that developers can build from directly.',
    image: '/demo/team-4.svg',
    linkedin: null,
    github: null,
    twitter: null,
    email: 'maryam@smartstack.example',
    skills: ['Figma', 'User Research', 'Design Systems', 'Accessibility'],
  },
];

export const demoTestimonials = [
  {
    name: 'Sarah Johnson',
    position: 'Marketing Director',
    company: 'Bloom Retail Group',
    rating: 5,
    image: '/demo/testimonial-1.svg',
    text: 'SmartStack rebuilt our online store in ten weeks. Pages load in under two seconds, checkout abandonment dropped by a third, and the team explained every decision in plain language. They still answer our questions the same day.',
  },
  {
    name: 'Michael Chen',
    position: 'Operations Manager',
    company: 'Northline Logistics',
    rating: 5,
    image: '/demo/testimonial-2.svg',
    text: 'The AI document assistant they built reads our delivery notes and invoices and fills in our system automatically. What took two people a full day now takes an hour of review. It paid for itself in the first quarter.',
  },
  {
    name: 'Emily Rodriguez',
    position: 'Founder',
    company: 'CareConnect Clinics',
    rating: 5,
    image: '/demo/testimonial-3.svg',
    text: 'We needed a patient booking app that was simple for older patients and secure for our staff. SmartStack delivered both, on time and on budget, and trained our receptionists so well that we barely needed support afterwards.',
  },
];

export interface DemoPackage {
  title: string;
  description: string;
  /** null: custom quote. */
  price: string | null;
  cta_text: string;
  cta_url: string;
  features: string[];
}

export const demoPackages: DemoPackage[] = [
  {
    title: 'Starter Package',
    description:
      'A professional website for small businesses and new ventures that need a strong online presence fast.',
    price: 'Starting at $999',
    cta_text: 'Get Quote',
    cta_url: '#get-quote',
    features: [
      'Responsive website up to 5 pages',
      'Modern, mobile-first design',
      'Contact form and WhatsApp integration',
      'Basic on-page SEO setup',
      'Google Analytics integration',
      '3 months of maintenance and support',
    ],
  },
  {
    title: 'Professional Package',
    description:
      'Custom web applications, e-commerce stores and AI features for growing businesses that need more than a brochure site.',
    price: 'Starting at $7,999',
    cta_text: 'Get Quote',
    cta_url: '#get-quote',
    features: [
      'Custom web application or e-commerce store',
      'Admin dashboard and content management',
      'AI chatbot or workflow automation',
      'Payment gateway and third-party API integration',
      'Advanced SEO and performance optimisation',
      '6 months of maintenance and support',
    ],
  },
  {
    title: 'Enterprise Solutions',
    description:
      'Tailored platforms, integrations and digital transformation programmes for organisations with complex requirements.',
    price: null,
    cta_text: 'Contact Us',
    cta_url: '#get-quote',
    features: [
      'Dedicated project team and technical lead',
      'Custom software, mobile apps and AI solutions',
      'Cloud architecture, DevOps and scalability planning',
      'Security review and compliance support',
      'Service-level agreement with 24/7 support',
      'Ongoing optimisation and training for your staff',
    ],
  },
];

export interface DemoInternship {
  title: string;
  duration: string;
  level: string;
  description: string;
  hours_per_week: string;
  skills: string[];
  requirements: string[];
}

export const demoInternships: DemoInternship[] = [
  {
    title: 'Web Development Internship',
    duration: '3-6 months',
    level: 'Beginner to Intermediate',
    hours_per_week: '20-25 hours/week',
    description:
      'Build real features for client websites with React and Node.js alongside our developers. You will learn code review, Git workflows and how a project goes from design to production.',
    skills: ['HTML & CSS', 'JavaScript', 'React', 'Node.js', 'Git'],
    requirements: [
      'Basic knowledge of HTML, CSS and JavaScript',
      'A portfolio or GitHub profile with at least one project',
      'Good written English',
      'Available 20 or more hours a week',
    ],
  },
  {
    title: 'AI & Machine Learning Internship',
    duration: '4-6 months',
    level: 'Intermediate',
    hours_per_week: '25+ hours/week',
    description:
      'Work on AI assistants and automation for real clients: prompt design, retrieval over company documents, evaluation and data pipelines in Python.',
    skills: ['Python', 'LLM APIs', 'Data Analysis', 'Prompt Engineering', 'SQL'],
    requirements: [
      'Solid Python fundamentals',
      'Coursework or a project in machine learning or data science',
      'Curiosity and careful attention to detail',
      'Available 25 or more hours a week',
    ],
  },
  {
    title: 'UI/UX Design Internship',
    duration: '3-6 months',
    level: 'Beginner',
    hours_per_week: '20+ hours/week',
    description:
      'Design interfaces for websites and mobile apps with our design lead: user research, wireframes, Figma prototypes and hand-off to developers.',
    skills: ['Figma', 'Wireframing', 'Prototyping', 'User Research'],
    requirements: [
      'A portfolio with at least two design projects',
      'Familiarity with Figma or a similar tool',
      'Interest in accessibility and usability',
      'Available 20 or more hours a week',
    ],
  },
];

export const demoBlogCategories = [
  {
    slug: 'web-dev',
    name: 'Web Development',
    color: '#3B82F6',
    icon: 'Code',
    description: 'Building fast, accessible and maintainable websites and web applications.',
  },
  {
    slug: 'ai',
    name: 'AI & Automation',
    color: '#8B5CF6',
    icon: 'Bot',
    description: 'Practical artificial intelligence and automation for everyday business work.',
  },
  {
    slug: 'blockchain',
    name: 'Blockchain',
    color: '#F59E0B',
    icon: 'Link',
    description: 'Distributed ledgers, smart contracts and when they are worth the complexity.',
  },
  {
    slug: 'seo',
    name: 'SEO',
    color: '#10B981',
    icon: 'Search',
    description: 'Search engine optimisation: technical foundations, content and measurement.',
  },
  {
    slug: 'social-media',
    name: 'Social Media',
    color: '#EC4899',
    icon: 'Share2',
    description: 'Social media marketing strategy, content planning and community building.',
  },
];

export interface DemoCertificate {
  certificate_number: string;
  recipient_name: string;
  recipient_type: 'intern' | 'employee' | 'client';
  issue_date: string;
  /** null: never expires. */
  expiry_date: string | null;
  course_name: string;
  duration: string;
  description: string;
  status: 'active' | 'expired' | 'revoked';
  /** Set for the revoked one only (ISO time). */
  revoked_at?: string;
  /** Staff-only reason of a revocation. */
  revocation_reason?: string;
}

export const demoCertificates: DemoCertificate[] = [
  {
    certificate_number: 'SST-2025-48213',
    recipient_name: 'Hamza Ali',
    recipient_type: 'intern',
    issue_date: '2025-08-30',
    expiry_date: '2027-08-30',
    course_name: 'Web Development Internship',
    duration: '6 months',
    description:
      'Completed the web development internship programme, contributing to two client projects in React and Node.js.',
    status: 'active',
  },
  {
    certificate_number: 'SST-2025-62718',
    recipient_name: 'Bloom Retail Group',
    recipient_type: 'client',
    issue_date: '2025-11-12',
    expiry_date: null,
    course_name: 'E-Commerce Platform Delivery',
    duration: '10 weeks',
    description: 'Certifies successful delivery and acceptance of the Bloom Retail online store.',
    status: 'active',
  },
  {
    certificate_number: 'SST-2023-17654',
    recipient_name: 'Ayesha Siddiqui',
    recipient_type: 'intern',
    issue_date: '2023-06-15',
    expiry_date: '2024-06-15',
    course_name: 'UI/UX Design Internship',
    duration: '3 months',
    description: 'Completed the UI/UX design internship programme.',
    status: 'expired',
  },
  {
    certificate_number: 'SST-2025-90342',
    recipient_name: 'Bilal Ahmed',
    recipient_type: 'employee',
    issue_date: '2025-02-01',
    expiry_date: '2026-02-01',
    course_name: 'Cloud Deployment with AWS',
    duration: '8 weeks',
    description: 'Internal training certificate; revoked after it was issued with an incorrect course record.',
    status: 'revoked',
    revoked_at: '2025-03-10T09:30:00.000Z',
    revocation_reason: 'Issued with an incorrect course record; replaced by a corrected certificate.',
  },
  {
    certificate_number: 'SST-2026-35071',
    recipient_name: 'Zainab Malik',
    recipient_type: 'intern',
    issue_date: '2026-05-20',
    expiry_date: '2028-05-20',
    course_name: 'AI & Machine Learning Internship',
    duration: '4 months',
    description:
      'Completed the AI and machine learning internship, building an evaluation suite for a document assistant.',
    status: 'active',
  },
];

/**
 * Default settings (02-admin.md section 9), one row per group, value stored as JSON.
 * Theme default is light (decisions.md).
 */
export const demoSettings: Record<string, unknown> = {
  theme: { mode: 'light', primaryColor: 'blue', accentColor: 'green', fontFamily: 'Inter', fontSize: 'medium' },
  layout: { sidebarPosition: 'left', compactMode: false },
  notifications: { position: 'top-right', duration: 5000, maxNotifications: 50, sound: false },
  performance: { animationSpeed: 'normal', cacheEnabled: true, maxCacheSize: 50, autoSaveSeconds: 30 },
  privacy: { dataCollection: 'minimal', analyticsEnabled: true },
  localization: { language: 'en', region: 'US', currency: 'USD', dateFormat: 'MM/dd/yyyy', timeFormat: '12h' },
  accessibility: { reducedMotion: false, highContrast: false, largeText: false },
  developer: { debugMode: false, logLevel: 'warn' },
  content: { blogPageSize: 10, portfolioPageSize: 6, defaultAuthor: demoCompany.name },
  security: { sessionTimeoutMinutes: 60 },
  seo: {
    siteTitle: `${demoCompany.name} | Web Development & AI Solutions`,
    metaDescription: demoCompany.value_proposition,
    keywords: ['web development', 'AI integration', 'automation', 'e-commerce', 'Islamabad'],
    analyticsId: '',
  },
  email: { newContactNotifications: true, blogCommentNotifications: true, weeklyAnalyticsReport: false },
  system: { maintenanceMode: false, debugMode: false, cacheEnabled: true },
  backup: { autoBackup: false, intervalMinutes: 5, maxBackups: 10, retentionDays: 30 },
};
