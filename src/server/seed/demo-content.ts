/**
 * The demo content of the specification (01-public-site.md): what a fresh installation shows.
 * Everything here is editable from the admin afterwards.
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
