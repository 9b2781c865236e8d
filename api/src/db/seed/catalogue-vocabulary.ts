/**
 * Word lists for the generated demo catalogue: per category, the topics, activities, audiences and
 * promises that titles, descriptions and takeaways are assembled from. Kept apart from the generator
 * so the generator stays readable; edit freely (the generator's output changes with these lists).
 */
export interface TCategoryVocabulary {
  /** Capitalised nouns usable as "The Quiet Habit of {topic}". */
  topics: string[];
  /** Capitalised gerunds: "{gerund} Without Fear", "The Art of {gerund}". */
  gerunds: string[];
  /** Capitalised roles: "The Reluctant {role}". */
  roles: string[];
  /** What the book helps readers overcome: "Leading Without {obstacle}". */
  obstacles: string[];
  /** Capitalised "How to ..." completions. */
  howTo: string[];
  /** Audience phrases, lower case: "for {audience}". */
  audiences: string[];
  /** Lower-case verb phrases completing "shows readers how to ...". */
  benefits: string[];
  takeaways: string[];
  tags: string[];
  /** Author professions, lower case, with article: "a leadership coach". */
  professions: string[];
}

export const ADJECTIVES = [
  'Quiet', 'Hidden', 'Daily', 'Simple', 'Deep', 'Lasting', 'Everyday', 'Brave', 'Patient', 'Curious', 'Steady',
  'Unshakable', 'Gentle', 'Practical', 'Essential', 'Invisible', 'Radical', 'Small', 'Honest', 'Bold', 'Calm',
  'Fearless', 'Mindful', 'Deliberate', 'Uncommon', 'Open', 'Resilient', 'Second', 'Long', 'Slow', 'Clear',
];

export const HABIT_NOUNS = ['Habit', 'Art', 'Power', 'Practice', 'Discipline', 'Science', 'Gift', 'Craft', 'Rhythm', 'Secret', 'Path', 'Promise'];
export const BOOK_NOUNS = ['Playbook', 'Handbook', 'Field Guide', 'Blueprint', 'Method', 'Workbook', 'Compass', 'Manifesto', 'Code', 'Journal'];
export const NUMBERS = ['Three', 'Five', 'Seven', 'Ten', 'Twelve', 'Twenty-One', 'Thirty'];
export const PLURAL_NOUNS = ['Principles', 'Lessons', 'Habits', 'Rules', 'Conversations', 'Questions', 'Practices', 'Truths', 'Steps', 'Keys'];
export const SUBTITLE_OPENERS = [
  'How Ordinary People',
  'Why the Best',
  'What Happens When We',
  'A Guide for Everyone Who Wants to',
  'The Surprising Ways We',
  'Notes on How to',
];

export const FIRST_NAMES = [
  'Amelia', 'Oliver', 'Isla', 'George', 'Ava', 'Noah', 'Freya', 'Arthur', 'Grace', 'Leo', 'Evelyn', 'Theo', 'Hannah',
  'Samuel', 'Priya', 'Rohan', 'Aisha', 'Omar', 'Mei', 'Daniel', 'Chloe', 'Marcus', 'Sofia', 'Gabriel', 'Nadia',
  'Tomás', 'Ingrid', 'Kwame', 'Ama', 'Elena', 'Hugo', 'Leila', 'Jonah', 'Ruth', 'Felix', 'Imogen', 'Caleb', 'Zara',
  'Malcolm', 'Harriet', 'Yusuf', 'Clara', 'Declan', 'Niamh', 'Rafael', 'Lucia', 'Anders', 'Maya', 'Benedict',
  'Olivia', 'Kenji', 'Hana', 'Patrick', 'Esther', 'Viktor', 'Naomi', 'Idris', 'Florence', 'Simon', 'Beatrice',
];

export const LAST_NAMES = [
  'Hartley', 'Okafor', 'Bennett', 'Chen', 'Whitaker', 'Morgan', 'Adeyemi', 'Patel', 'Lindqvist', 'Fraser',
  'Castillo', 'Harrington', 'Nakamura', 'Sullivan', 'Mensah', 'Rahman', 'Kowalski', 'Ellison', 'Drummond',
  'Fitzgerald', 'Osei', 'Holloway', 'Varga', 'Ashworth', 'Delacroix', 'Kaur', 'Lambert', 'McAllister', 'Novak',
  'Pemberton', 'Quinn', 'Romero', 'Sinclair', 'Thornton', 'Underwood', 'Vance', 'Wainwright', 'Yilmaz', 'Zhou',
  'Abbott', 'Blackwood', 'Carver', 'Dalton', 'Everett', 'Fairbairn', 'Gallagher', 'Hughes', 'Iverson', 'Jennings',
  'Kingsley', 'Lowell', 'Mercer', 'Nightingale', 'Oduya', 'Prescott', 'Radcliffe', 'Shaw', 'Trevelyan', 'Waverley',
  'Ahmed', 'Brooks', 'Coleman', 'Dubois', 'Engel', 'Ferreira', 'Gupta', 'Haddad', 'Ibrahim', 'Jensen', 'Keller',
];

export const CHAPTER_TEMPLATES = [
  'Why {topic} Matters',
  'The First Step',
  'Building {topic} from Scratch',
  'When {obstacle} Gets Loud',
  'The {adjective} Morning',
  'Small Moves, Big Shifts',
  'Learning from Setbacks',
  '{gerund} in Practice',
  'The Myth of the Overnight Change',
  'Systems Over Goals',
  'The People Around You',
  'Making It Stick',
  'Measuring What Matters',
  'Rest, Recovery and Renewal',
  'The {adjective} Mind',
  'Beyond {obstacle}',
  'A Plan for the Next Ninety Days',
  'Putting It All Together',
  'Stories from the Field',
  'What Comes Next',
];

export const VOCABULARY: Record<string, TCategoryVocabulary> = {
  'self-improvement': {
    topics: ['Focus', 'Discipline', 'Momentum', 'Consistency', 'Willpower', 'Routine', 'Balance', 'Clarity', 'Habits'],
    gerunds: ['Starting', 'Improving', 'Changing', 'Showing Up', 'Beginning Again', 'Keeping Promises'],
    roles: ['Beginner', 'Achiever', 'Late Bloomer', 'Self-Starter', 'Optimist'],
    obstacles: ['Excuses', 'Procrastination', 'Burnout', 'Perfectionism', 'Distraction', 'Inertia'],
    howTo: ['Build Habits That Last', 'Keep the Promises You Make to Yourself', 'Change One Thing at a Time', 'Get Unstuck'],
    audiences: ['busy people', 'perpetual beginners', 'anyone starting over', 'people who have tried everything'],
    benefits: ['turn good intentions into daily routines', 'stop relying on motivation', 'make small changes that compound', 'design an environment that does the work for them'],
    takeaways: [
      'Habits are built by repetition, not intensity',
      'Make the next step small enough to start today',
      'Track progress weekly, not daily',
      'Design your environment before you rely on willpower',
      'Forgive the missed day and protect the streak',
      'Identity changes follow behaviour, not the other way round',
      'Rest is part of the plan',
      'Replace a habit instead of simply stopping it',
    ],
    tags: ['habits', 'self-discipline', 'motivation', 'routines', 'goal setting'],
    professions: ['a behavioural coach', 'a former teacher turned writer', 'a habit researcher', 'a wellbeing columnist'],
  },
  'personal-development': {
    topics: ['Confidence', 'Character', 'Potential', 'Growth', 'Skills', 'Self-Knowledge', 'Curiosity', 'Direction'],
    gerunds: ['Learning', 'Becoming', 'Growing Up', 'Stretching', 'Reinventing Yourself'],
    roles: ['Apprentice', 'Generalist', 'Lifelong Learner', 'Newcomer', 'Mentor'],
    obstacles: ['Self-Doubt', 'Comparison', 'Fear of Failure', 'Impostor Syndrome', 'Comfort Zones'],
    howTo: ['Learn Anything Faster', 'Find Work You Love', 'Grow Through Feedback', 'Become Your Own Mentor'],
    audiences: ['graduates', 'career changers', 'ambitious learners', 'people at a crossroads'],
    benefits: ['identify their strengths and use them deliberately', 'learn new skills with less frustration', 'ask for feedback and act on it', 'plan the next chapter of their lives'],
    takeaways: [
      'Skills grow fastest at the edge of your ability',
      'Ask for feedback early and often',
      'Confidence follows competence',
      'Write down what you learn each week',
      'Your strengths are a starting point, not a ceiling',
      'Seek mentors in people a few steps ahead',
      'Curiosity is a skill you can practise',
      'Reflection turns experience into learning',
    ],
    tags: ['confidence', 'learning', 'career', 'skills', 'self-awareness'],
    professions: ['a career coach', 'an organisational psychologist', 'a learning designer', 'a university lecturer'],
  },
  'personal-growth': {
    topics: ['Purpose', 'Resilience', 'Meaning', 'Gratitude', 'Courage', 'Kindness', 'Wholeness', 'Renewal', 'Hope'],
    gerunds: ['Letting Go', 'Healing', 'Slowing Down', 'Forgiving', 'Starting Over', 'Belonging'],
    roles: ['Wanderer', 'Seeker', 'Survivor', 'Gardener', 'Pilgrim'],
    obstacles: ['Regret', 'Fear', 'Loneliness', 'Hurry', 'Shame', 'Anxiety'],
    howTo: ['Live with Purpose', 'Recover from Setbacks', 'Find Meaning in Ordinary Days', 'Make Peace with Change'],
    audiences: ['anyone in a season of change', 'quiet achievers', 'people rebuilding after loss', 'busy parents'],
    benefits: ['find steadiness when life changes', 'reconnect with what matters most', 'bounce back from hard seasons', 'live with more gratitude and less hurry'],
    takeaways: [
      'Meaning is made, not found',
      'Resilience grows through small recoveries',
      'Gratitude changes what you notice',
      'Hard seasons end; practise for the next one',
      'Boundaries are a form of kindness',
      'Slow down to see clearly',
      'Courage is acting while afraid',
      'Let go of the life you planned to meet the one you have',
    ],
    tags: ['purpose', 'resilience', 'wellbeing', 'gratitude', 'meaning'],
    professions: ['a counsellor', 'a hospice chaplain', 'a wellbeing writer', 'a life coach'],
  },
  business: {
    topics: ['Strategy', 'Growth', 'Profit', 'Value', 'Markets', 'Customers', 'Execution', 'Capital', 'Scale'],
    gerunds: ['Building', 'Selling', 'Negotiating', 'Scaling', 'Pricing', 'Bootstrapping'],
    roles: ['Founder', 'Operator', 'Entrepreneur', 'Investor', 'Owner'],
    obstacles: ['Debt', 'Guesswork', 'Hype', 'Waste', 'Risk', 'Complexity'],
    howTo: ['Build a Business That Lasts', 'Price with Confidence', 'Win Customers for Life', 'Grow Without Losing Control'],
    audiences: ['first-time founders', 'small business owners', 'product managers', 'aspiring entrepreneurs'],
    benefits: ['test ideas cheaply before betting on them', 'price their work with confidence', 'build a business customers recommend', 'read a balance sheet and act on it'],
    takeaways: [
      'Cash flow matters more than revenue',
      'Talk to customers before you build',
      'Price on value, not on cost',
      'Focus beats a long list of priorities',
      'Small experiments reduce big risks',
      'Retention is the truest measure of value',
      'Write the strategy down in one page',
      'Hire slowly and deliberately',
    ],
    tags: ['entrepreneurship', 'strategy', 'finance', 'startups', 'marketing'],
    professions: ['a serial entrepreneur', 'a former management consultant', 'a business school lecturer', 'a venture investor'],
  },
  faith: {
    topics: ['Grace', 'Prayer', 'Hope', 'Devotion', 'Stillness', 'Trust', 'Faithfulness', 'Mercy', 'Peace'],
    gerunds: ['Praying', 'Believing', 'Waiting', 'Serving', 'Listening for God', 'Walking Humbly'],
    roles: ['Pilgrim', 'Servant', 'Believer', 'Disciple', 'Witness'],
    obstacles: ['Doubt', 'Worry', 'Busyness', 'Fear', 'Pride', 'Despair'],
    howTo: ['Pray When Words Fail', 'Find Rest for Your Soul', 'Live Your Faith at Work', 'Grow in Grace'],
    audiences: ['new believers', 'small-group leaders', 'anyone longing for a deeper prayer life', 'weary Christians'],
    benefits: ['build a simple, daily rhythm of prayer', 'hold on to hope in difficult seasons', 'bring their faith into everyday work', 'rest in grace instead of striving'],
    takeaways: [
      'Prayer begins with attention',
      'Faith grows in ordinary faithfulness',
      'Rest is an act of trust',
      'Doubt can deepen belief when it is honest',
      'Serving others reshapes the heart',
      'Gratitude is a spiritual discipline',
      'Community carries us when we cannot carry ourselves',
      'Small daily practices outlast grand resolutions',
    ],
    tags: ['prayer', 'devotion', 'spiritual growth', 'hope', 'christian living'],
    professions: ['a parish priest', 'a pastor', 'a retreat leader', 'a theologian'],
  },
  mindset: {
    topics: ['Attention', 'Optimism', 'Calm', 'Belief', 'Perspective', 'Grit', 'Focus', 'Self-Talk', 'Possibility'],
    gerunds: ['Thinking', 'Reframing', 'Believing', 'Winning the Inner Game', 'Staying Calm'],
    roles: ['Optimist', 'Competitor', 'Realist', 'Champion', 'Challenger'],
    obstacles: ['Fear', 'Negativity', 'Overthinking', 'Pressure', 'Doubt', 'Worry'],
    howTo: ['Think Clearly Under Pressure', 'Quiet Your Inner Critic', 'Turn Setbacks into Fuel', 'Train Your Attention'],
    audiences: ['athletes and performers', 'high achievers', 'students facing exams', 'anyone who overthinks'],
    benefits: ['notice and change unhelpful thinking patterns', 'stay calm when the stakes are high', 'treat setbacks as information', 'train attention like a muscle'],
    takeaways: [
      'Thoughts are events, not facts',
      'Name the feeling to reduce its grip',
      'Talk to yourself as you would to a friend',
      'Pressure is a privilege you can prepare for',
      'Attention is the raw material of experience',
      'A setback is data, not a verdict',
      'Visualise the process, not only the outcome',
      'Abilities grow with effort and good strategies',
    ],
    tags: ['mindset', 'mental toughness', 'positive thinking', 'focus', 'performance'],
    professions: ['a sports psychologist', 'a performance coach', 'a neuroscientist', 'a former Olympic athlete'],
  },
  leadership: {
    topics: ['Influence', 'Trust', 'Vision', 'Accountability', 'Teams', 'Decisions', 'Authority', 'Culture', 'Service'],
    gerunds: ['Leading', 'Managing', 'Coaching', 'Delegating', 'Deciding', 'Leading Change'],
    roles: ['Leader', 'Manager', 'Captain', 'Commander', 'Steward'],
    obstacles: ['Fear', 'Ego', 'Micromanagement', 'Silos', 'Blame', 'Uncertainty'],
    howTo: ['Lead People Who Know More Than You', 'Build Teams That Trust', 'Make Hard Decisions Well', 'Lead Through Change'],
    audiences: ['new managers', 'team leads', 'senior executives', 'people leading without a title'],
    benefits: ['build trust quickly with a new team', 'delegate without losing sight of results', 'make hard calls and explain them well', 'create a culture where people speak up'],
    takeaways: [
      'Trust is built in small, kept promises',
      'Clarity is a kindness to your team',
      'Delegate outcomes, not tasks',
      'Leaders go first on accountability',
      'Listen more than you speak in one-to-ones',
      'Decide with the information you have, then adjust',
      'Culture is what you tolerate',
      'Celebrate progress, not only results',
    ],
    tags: ['leadership', 'management', 'teams', 'decision making', 'culture'],
    professions: ['a leadership coach', 'a former army officer', 'a chief executive', 'a management professor'],
  },
  productivity: {
    topics: ['Time', 'Focus', 'Deep Work', 'Priorities', 'Energy', 'Systems', 'Attention', 'Planning', 'Flow'],
    gerunds: ['Doing Less', 'Finishing', 'Planning', 'Prioritising', 'Working Smarter', 'Saying No'],
    roles: ['Maker', 'Planner', 'Finisher', 'Minimalist', 'Craftsperson'],
    obstacles: ['Busywork', 'Interruptions', 'Overwhelm', 'Meetings', 'Clutter', 'Notifications'],
    howTo: ['Get the Important Things Done', 'Reclaim Your Calendar', 'Work Deeply in a Distracted World', 'Finish What You Start'],
    audiences: ['knowledge workers', 'freelancers', 'students', 'overloaded managers'],
    benefits: ['protect time for their most important work', 'plan a week that survives contact with reality', 'cut meetings and busywork', 'finish projects instead of juggling them'],
    takeaways: [
      'Plan the week before the week plans you',
      'Protect your best hours for your hardest work',
      'A short list beats a long one',
      'Batch shallow tasks together',
      'Energy, not time, is the scarce resource',
      'Capture everything, then decide',
      'Say no to good things to make room for great ones',
      'Review weekly to stay on course',
    ],
    tags: ['productivity', 'time management', 'focus', 'deep work', 'planning'],
    professions: ['a productivity consultant', 'a software engineer turned writer', 'a time-management researcher', 'a newsletter author'],
  },
  philosophy: {
    topics: ['Virtue', 'Wisdom', 'Happiness', 'Freedom', 'Justice', 'Reason', 'Tranquillity', 'Truth', 'the Good Life'],
    gerunds: ['Living Well', 'Questioning', 'Reasoning', 'Wondering', 'Examining Life'],
    roles: ['Stoic', 'Sceptic', 'Philosopher', 'Citizen', 'Sage'],
    obstacles: ['Anxiety', 'Desire', 'Dogma', 'Fortune', 'Certainty', 'Fear of Death'],
    howTo: ['Live a Good Life', 'Think for Yourself', 'Be Happy in Hard Times', 'Disagree Well'],
    audiences: ['curious readers new to philosophy', 'students', 'anyone facing a big decision', 'readers of the Stoics'],
    benefits: ['apply ancient ideas to modern problems', 'think through hard questions step by step', 'find calm by focusing on what they control', 'argue fairly and change their minds well'],
    takeaways: [
      'Focus on what is within your control',
      'An examined life is worth the effort',
      'Happiness is an activity, not a feeling',
      'Define your terms before you argue',
      'Virtue is a practice, not a possession',
      'Remember that every hardship is temporary',
      'Question the questions you are given',
      'Wisdom begins with admitting what you do not know',
    ],
    tags: ['stoicism', 'ethics', 'wisdom', 'critical thinking', 'classics'],
    professions: ['a philosophy lecturer', 'a classicist', 'an essayist', 'a former barrister'],
  },
  communication: {
    topics: ['Conversation', 'Storytelling', 'Persuasion', 'Listening', 'Clarity', 'Presence', 'Rapport', 'Writing', 'Feedback'],
    gerunds: ['Listening', 'Speaking Up', 'Writing Clearly', 'Presenting', 'Asking Better Questions', 'Negotiating'],
    roles: ['Storyteller', 'Listener', 'Speaker', 'Negotiator', 'Editor'],
    obstacles: ['Jargon', 'Awkwardness', 'Conflict', 'Stage Fright', 'Misunderstanding', 'Small Talk'],
    howTo: ['Say What You Mean', 'Have Difficult Conversations', 'Write So People Read', 'Speak with Confidence'],
    audiences: ['presenters', 'writers at work', 'introverts', 'team leads and managers'],
    benefits: ['listen so people feel heard', 'write emails and reports that get read', 'handle difficult conversations calmly', 'present with confidence'],
    takeaways: [
      'Lead with the point, then give the detail',
      'Listen to understand, not to reply',
      'Stories travel further than statistics',
      'Cut every word that does no work',
      'Ask open questions and wait for the answer',
      'Name the disagreement before you solve it',
      'Rehearse out loud, not in your head',
      'Feedback lands best when it is specific and kind',
    ],
    tags: ['communication', 'public speaking', 'writing', 'listening', 'negotiation'],
    professions: ['a speechwriter', 'a former journalist', 'a communications trainer', 'a mediator'],
  },
  biography: {
    topics: ['Ambition', 'Legacy', 'Invention', 'Adventure', 'Reinvention', 'Service', 'Courage', 'Genius'],
    gerunds: ['Exploring', 'Inventing', 'Pioneering', 'Rebuilding', 'Campaigning'],
    roles: ['Inventor', 'Explorer', 'Reformer', 'Pioneer', 'Outsider'],
    obstacles: ['Poverty', 'Prejudice', 'Exile', 'Obscurity', 'Failure'],
    howTo: ['Change the World in One Lifetime', 'Turn Setbacks into Breakthroughs', 'Build a Life of Purpose'],
    audiences: ['history lovers', 'aspiring founders', 'young readers looking for role models', 'book clubs'],
    benefits: ['learn from the choices of remarkable people', 'see how persistence shaped history', 'understand the context behind famous decisions'],
    takeaways: [
      'Great careers are rarely straight lines',
      'Mentors change the course of lives',
      'Persistence outlasts early failure',
      'Character shows most under pressure',
      'Curiosity opens doors that talent alone cannot',
      'Every pioneer relied on a circle of supporters',
      'Reinvention is possible at any age',
    ],
    tags: ['biography', 'history', 'inspiration', 'memoir', 'life lessons'],
    professions: ['a historian', 'a biographer', 'a documentary maker', 'a former foreign correspondent'],
  },
  psychology: {
    topics: ['Emotion', 'Memory', 'Motivation', 'Behaviour', 'Wellbeing', 'Judgement', 'Empathy', 'Attachment', 'Bias'],
    gerunds: ['Understanding People', 'Feeling', 'Deciding', 'Connecting', 'Remembering'],
    roles: ['Observer', 'Empath', 'Decision Maker', 'Introvert', 'Rational Animal'],
    obstacles: ['Bias', 'Stress', 'Rumination', 'Loneliness', 'Habit Loops', 'Anxiety'],
    howTo: ['Understand Why People Do What They Do', 'Make Better Decisions', 'Manage Stress', 'Build Healthier Relationships'],
    audiences: ['curious readers', 'parents', 'managers and teachers', 'anyone interested in the mind'],
    benefits: ['spot the biases behind their decisions', 'understand their emotions and respond wisely', 'build stronger relationships', 'use research findings in daily life'],
    takeaways: [
      'Emotions are signals worth reading',
      'We see the world through our expectations',
      'Sleep underpins almost every mental skill',
      'Small social connections matter more than we think',
      'Decisions improve when you slow them down',
      'Memory is reconstruction, not replay',
      'Stress is helpful in doses and harmful in floods',
      'Empathy can be practised and strengthened',
    ],
    tags: ['psychology', 'behaviour', 'emotions', 'decision making', 'relationships'],
    professions: ['a clinical psychologist', 'a research psychologist', 'a psychotherapist', 'a science journalist'],
  },
};
