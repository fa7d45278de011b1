// The five seed posts (SPEC section 3 'Seed posts'): the spec's slugs, with a readable slug where
// the spec shows a hash. The admin's 'Seed 5 viral posts' upserts them by slug, published. Each body
// is sanitizer-clean HTML (seed-posts.test.ts checks it, the word count and the slug); the featured
// images are built by scripts/images/build-blog-images.ts.

export type SeedPost = {
  readonly title: string;
  readonly slug: string;
  readonly excerpt: string;
  readonly content: string;
  readonly featuredImageUrl: string;
  readonly seoTitle: string;
  readonly seoDescription: string;
};

const image = (slug: string) => `/images/blog/${slug}.webp`;

const americaVsChina: SeedPost = {
  title: "American Manufacturing vs. China: What the Shop Floor Actually Sees",
  slug: "american-manufacturing-vs-china",
  excerpt:
    "The debate is usually told in trade deficits and headlines. From behind a 5-axis machine it looks different: lead time, quality escapes, engineering distance and who owns the know-how.",
  seoTitle: "American Manufacturing vs. China: A Machinist's View",
  seoDescription:
    "A senior CNC machinist compares US and Chinese manufacturing where it counts: lead time, quality, engineering distance, and who keeps the process know-how.",
  featuredImageUrl: image("american-manufacturing-vs-china"),
  content: `<p>Most articles about American manufacturing versus China start with trade figures and end with a political argument. I want to start somewhere else: at the machine. I have spent more than twenty years making flight hardware, and for a good part of that time I was also the person who had to decide whether a part family stayed in our building or went to a supplier on the other side of the Pacific. That decision never came down to a single number. It came down to a handful of very practical questions.</p>

<h2>The piece price is the least interesting number</h2>
<p>A quote from an overseas shop is often lower than a domestic one. Nobody on a shop floor disputes that. What buyers learn, usually the hard way, is that the piece price is only the first line of the real cost. The rest arrives later and is rarely charged to the same budget:</p>
<ul>
  <li><strong>Freight and duties</strong>, which move with fuel prices, port congestion and trade policy you do not control.</li>
  <li><strong>Inventory you must carry</strong> because an ocean shipment is weeks away, so you buy in bigger lots and store them.</li>
  <li><strong>Engineering changes</strong> that take a full loop of e-mails, time zones and new first articles to land.</li>
  <li><strong>Quality escapes</strong> found at receiving inspection, when the only fix is to sort, rework locally or wait for the next boat.</li>
  <li><strong>Travel</strong> for source inspections, audits and the meetings that a phone call could settle if the supplier were two hours away.</li>
</ul>
<p>When I sit with a plant manager and put those lines next to the quote, the gap usually narrows a great deal. Sometimes it disappears. Sometimes it does not, and offshore is still the right call. The point is to do the arithmetic honestly before you decide.</p>

<h2>Where Chinese manufacturing is genuinely strong</h2>
<p>It would be foolish to pretend the competition is weak. The strongest Chinese manufacturing regions have something American shops should study: density. Tooling makers, heat treaters, platers, fastener suppliers and machine builders sit close together, so a problem that takes us a week of calls is sometimes solved in an afternoon there. Their shops are also very good at scaling a proven process quickly, and many have invested heavily in modern equipment and automation.</p>
<p>Respecting that strength matters because the answer to it is not nostalgia. The answer is to compete where we can win.</p>

<h2>Where American shops can win</h2>
<h3>Speed of the engineering loop</h3>
<p>In aerospace and other high-mix work, the product changes constantly. A shop that can take a revised model on Monday, program it on Tuesday and show a first article on Thursday is worth more than a cheaper shop that needs six weeks. Short distance between the engineer and the spindle is a real competitive advantage, and it compounds with every revision.</p>
<h3>Process ownership</h3>
<p>When a part leaves, the knowledge of how to make it leaves with it: the fixturing tricks, the tool choices, the feeds that keep chatter away on a thin titanium wall. Once that knowledge is gone, bringing the part back costs far more than keeping it. I have watched companies discover this when they tried to reshore something and found that nobody in the building remembered how it was made.</p>
<h3>Quality you can walk up to</h3>
<p>AS9100, first article inspection and a clean corrective action process work best when the people involved can stand in front of the same part. Remote quality management is possible, but it is slower and it depends on trust that takes years to build.</p>

<h2>A simple comparison I use with clients</h2>
<table>
  <thead><tr><th scope="col">Question</th><th scope="col">Usually favors offshore</th><th scope="col">Usually favors domestic</th></tr></thead>
  <tbody>
    <tr><td>Is the design stable for years?</td><td>Yes</td><td>Frequent revisions</td></tr>
    <tr><td>Is the volume high and steady?</td><td>Yes</td><td>High mix, low volume</td></tr>
    <tr><td>Is the part export-controlled or flight-critical?</td><td>Rarely</td><td>Often</td></tr>
    <tr><td>Does a late part stop your line?</td><td>Can absorb delays</td><td>Cannot</td></tr>
    <tr><td>Is the process know-how strategic?</td><td>No</td><td>Yes</td></tr>
  </tbody>
</table>

<h2>What to do on Monday morning</h2>
<ol>
  <li>Pick your top ten purchased part numbers and build a total landed cost for each, including inventory and quality costs.</li>
  <li>Identify which of them change most often. Those are your best candidates to make or buy closer to home.</li>
  <li>Look at your own spindle utilization before you assume you need more capacity. Most shops I visit have hidden hours in setups and waiting.</li>
  <li>Write down the process knowledge for the parts that matter most, before the people who hold it retire.</li>
</ol>
<blockquote><p>The question is not whether America can out-cheap China. It is whether your shop can out-learn, out-respond and out-execute the competition on the parts that matter to your customers.</p></blockquote>
<p>If you want a second set of eyes on that arithmetic for your own parts, <a href="/booking">book a free 30-minute manufacturing assessment</a>. We will look at real part numbers, not headlines.</p>`,
};

const reshoringPlaybook: SeedPost = {
  title: "Reshoring Without the Hype: A CNC Shop-Floor Playbook",
  slug: "reshoring-cnc-shop-floor-playbook",
  excerpt:
    "Bringing a part family home is a production launch, not a press release. Here is the step-by-step playbook I use to reshore machined parts without blowing up delivery or quality.",
  seoTitle: "Reshoring Machined Parts: A CNC Shop-Floor Playbook",
  seoDescription:
    "A practical playbook for reshoring machined parts: choosing the right part families, capacity checks, process capture, first articles and a safe ramp-up.",
  featuredImageUrl: image("reshoring-cnc-shop-floor-playbook"),
  content: `<p>Every few months a client calls with the same news: leadership has decided to bring a product line home. Sometimes it is a response to tariffs, sometimes to a supplier that missed one delivery too many, sometimes to a customer that wants domestic content. The decision is usually made in a boardroom. The work happens on my side of the building, on the shop floor, and that is where reshoring succeeds or fails.</p>
<p>Here is the playbook I use. It is not glamorous, but it keeps deliveries on time while the move happens.</p>

<h2>Step 1: Choose the right parts, not all the parts</h2>
<p>Reshoring everything at once is the most common mistake I see. Start with the part families that give you the best return for the least risk. I score candidates on four things:</p>
<ul>
  <li><strong>Revision rate.</strong> Parts that change often gain the most from a short engineering loop.</li>
  <li><strong>Fit with existing equipment.</strong> A family that runs on machines you already own and understand is a far safer start than one that needs new technology.</li>
  <li><strong>Quality history.</strong> Parts with a record of escapes or long receiving inspections are good candidates because the current cost is already high.</li>
  <li><strong>Delivery pain.</strong> If a late shipment stops your assembly line, shortening the supply chain pays for itself quickly.</li>
</ul>

<h2>Step 2: Find the capacity you already have</h2>
<p>Before buying a single machine, measure what your current machines actually do. In shop after shop I find spindles that cut metal for a small share of the shift. The rest of the time goes to setups, waiting for a first-piece inspection, hunting for tools, or waiting for a program. Recovering even a part of that time is cheaper and faster than any capital purchase.</p>
<p>The practical tools are old and proven: setup reduction with preset tooling and standard fixture plates, a tool crib that kits the job before the machine is free, and an inspection plan that does not make the operator wait for a busy quality lab.</p>

<h2>Step 3: Capture the process before you move it</h2>
<p>If the part is coming from a supplier, ask for everything you are entitled to: drawings at the latest revision, material certifications, inspection reports and any approved deviations. Then assume the most important knowledge is missing, because it usually is. The supplier knows which feature is difficult, which datum scheme actually works and where the part likes to move during cutting. Plan for your own process development time; do not assume you will copy theirs.</p>

<h2>Step 4: Prove it with a real first article</h2>
<p>For aerospace work, a first article inspection per AS9102 is not optional, and it is a good discipline for any industry. Treat the first article as a test of the whole process, not just the part:</p>
<ol>
  <li>Program and simulate, including the machine's kinematics on 5-axis work.</li>
  <li>Run the first part with the people who will run production, not only with your best programmer.</li>
  <li>Inspect every characteristic, and record what the process needed to make it: offsets, tool changes, surprises.</li>
  <li>Fix the process, then run a short batch and check that it repeats.</li>
</ol>

<h2>Step 5: Overlap, then ramp</h2>
<p>Never cut off the old supply the day your first article passes. Build a bridge: keep a safety stock or a reduced order with the existing supplier while your own production proves it can hold rate and quality over several batches. The cost of a short overlap is small compared to the cost of a stopped assembly line.</p>

<h2>A ramp-up checklist</h2>
<table>
  <thead><tr><th scope="col">Area</th><th scope="col">Ready when</th></tr></thead>
  <tbody>
    <tr><td>Programs</td><td>Released, simulated, and proven on the production machine</td></tr>
    <tr><td>Fixtures and tools</td><td>Documented, with spares for wear items</td></tr>
    <tr><td>Inspection</td><td>Plan approved, gauges calibrated, operators trained on in-process checks</td></tr>
    <tr><td>People</td><td>At least two operators per shift able to run the job</td></tr>
    <tr><td>Supply</td><td>Material sourced with certifications; bridge stock in place</td></tr>
  </tbody>
</table>

<h2>People are the real constraint</h2>
<p>Machines can be bought in months. Skilled machinists, programmers and inspectors take years to develop. Every reshoring plan I write includes training: pairing experienced people with newer ones on the new parts, standard work instructions with photos, and time on the schedule for learning. That is exactly what our <a href="/bootcamp">3-day shop-floor bootcamp</a> is built to accelerate.</p>
<blockquote><p>Reshoring is a production launch. Treat it with the same discipline as a new product, and it will pay you back for years.</p></blockquote>
<p>If you are weighing which parts to bring home first, <a href="/booking">schedule a free assessment</a> and bring your candidate list.</p>`,
};

const tariffs: SeedPost = {
  title: "Tariffs and the Machine Shop: What Trump-Era Trade Policy Means on the Floor",
  slug: "trump-tariffs-manufacturing-impact",
  excerpt:
    "Tariffs change the price of steel, aluminum and imported parts, but the real effects on a machine shop show up in quoting, inventory, supplier choices and planning. Here is how to respond calmly.",
  seoTitle: "Trump Tariffs and Manufacturing: Impact on Machine Shops",
  seoDescription:
    "How tariffs on steel, aluminum and imported parts reach a CNC shop: material costs, quoting, inventory and sourcing, with practical steps to stay profitable.",
  featuredImageUrl: image("trump-tariffs-manufacturing-impact"),
  content: `<p>Trade policy has been one of the loudest topics in manufacturing since the first Trump administration put tariffs on imported steel and aluminum and on a long list of goods from China. Whatever your view of the politics, tariffs are now a permanent part of the planning environment for American shops. Rates and lists change with administrations and negotiations, so I will not try to predict them here. What I can do is explain how tariffs actually reach a machine shop, and what the well-run shops I work with do about it.</p>

<h2>How a tariff travels to your spindle</h2>
<p>A tariff is a tax paid when goods cross the border. It rarely stays with the importer. It moves down the chain in ways that are easy to miss:</p>
<ul>
  <li><strong>Raw material.</strong> Tariffs on imported metal tend to lift domestic prices as well, because domestic mills price against the whole market. Bar stock, plate and extrusions can all move.</li>
  <li><strong>Purchased components.</strong> Bearings, fasteners, electronics and castings often have imported content somewhere upstream.</li>
  <li><strong>Equipment and spare parts.</strong> Many machine tools, controls and spindle components are built abroad. Replacement parts and new machines can change in price and lead time.</li>
  <li><strong>Customer behavior.</strong> Customers who used to buy finished parts overseas may come looking for domestic suppliers, which can be an opportunity if you are ready.</li>
</ul>

<h2>Quoting in a moving market</h2>
<p>The most immediate risk for a job shop is a fixed-price quote that was right when it was written and wrong when the material arrived. Shops that handled recent swings well did a few simple things:</p>
<ol>
  <li>They shortened quote validity periods for material-heavy work.</li>
  <li>They separated material from labor and machine time on the quote, so a material change could be discussed without reopening the whole price.</li>
  <li>They agreed on material adjustment clauses with long-term customers, tied to a published index or to actual invoices.</li>
  <li>They priced from current replacement cost, not from what the material on the shelf cost last year.</li>
</ol>

<h2>Inventory: buffer, but deliberately</h2>
<p>When prices look likely to rise, it is tempting to fill the racks with bar stock. Sometimes that is smart. But inventory ties up cash, takes floor space, and can become the wrong alloy or size when a program changes. I advise clients to buffer only the materials that are common across many part numbers and that have a long, steady demand, and to set a clear limit on how much cash they will tie up.</p>

<h2>Know where your content comes from</h2>
<p>Many shops cannot answer a basic question quickly: which of our purchased items are imported, and from where? Build that list. For each item, record the country of origin, the current supplier, and at least one alternative. When policy changes, you will be able to see your exposure in an afternoon instead of discovering it on the next invoice.</p>
<table>
  <thead><tr><th scope="col">Purchased item</th><th scope="col">Origin</th><th scope="col">Alternative source</th><th scope="col">Exposure</th></tr></thead>
  <tbody>
    <tr><td>6061 plate</td><td>Check mill certs</td><td>Second domestic distributor</td><td>Medium</td></tr>
    <tr><td>Precision bearings</td><td>Often imported</td><td>Qualify a second brand</td><td>High</td></tr>
    <tr><td>Cutting tools</td><td>Mixed</td><td>Standardize to two vendors</td><td>Low to medium</td></tr>
  </tbody>
</table>

<h2>The opportunity side</h2>
<p>Tariffs raise the landed cost of imported finished parts, and that shifts some buyers' arithmetic toward domestic suppliers. I have seen shops win work they could not touch before, simply because they were able to respond quickly with a credible quote, a realistic lead time and a quality system the customer trusted. To be ready for that:</p>
<ul>
  <li>Know your true capacity and your best-fit part families, so you can say yes to the right work and no to the wrong work.</li>
  <li>Have a clean quality story: certifications, inspection capability and on-time delivery history.</li>
  <li>Invest in setup reduction, so that smaller lots still make money.</li>
</ul>

<h2>What not to do</h2>
<p>Do not make long-term capital decisions on a single announcement. Policies get adjusted, delayed and negotiated. Build plans that work across a range of outcomes: flexible capacity, more than one source for critical items, and pricing terms that share risk fairly with your customers.</p>
<blockquote><p>You cannot control trade policy. You can control how quickly your shop sees its exposure and how well it responds.</p></blockquote>
<p>If you want help mapping your exposure or sharpening your quoting, <a href="/booking">book a free 30-minute assessment</a>.</p>`,
};

const aiRenaissance: SeedPost = {
  title: "American Manufacturing in 2030: An AI Renaissance on the Shop Floor",
  slug: "american-manufacturing-2030-ai-renaissance",
  excerpt:
    "AI will not replace the machinist by 2030, but it will change what a good shop looks like: machines that report their own health, programs checked before they cut, and knowledge that no longer retires with people.",
  seoTitle: "Manufacturing in 2030: AI on the CNC Shop Floor",
  seoDescription:
    "Where AI will really help American machine shops by 2030: monitoring, CAM assistance, inspection and knowledge capture, and how to prepare your people for it.",
  featuredImageUrl: image("american-manufacturing-2030-ai-renaissance"),
  content: `<p>I started as an apprentice on manual mills and early CNC controls. Since then I have watched several waves of technology promise to transform the shop floor: CAD/CAM, high-speed machining, 5-axis, robotics, the connected factory. Each one changed the work, and each one took longer and looked different than the brochures said. Artificial intelligence is the next wave. Here is my honest view of what it will and will not do for American manufacturing by the end of this decade.</p>

<h2>What AI is good at in a machine shop</h2>
<p>Modern AI is very good at finding patterns in large amounts of data and at drafting a first answer that a skilled person then checks. A machine shop produces a great deal of data and depends on a great deal of expert judgment, so there is a natural fit in a few places.</p>

<h3>1. Machines that tell you what they are doing</h3>
<p>Monitoring is the foundation. Once spindle load, alarms, cycle starts and feed overrides are collected automatically, software can flag a tool that is wearing faster than usual, a machine that is idle more than its schedule says, or a job whose cycle time is drifting. None of this requires science fiction; it requires data collection that many shops still do not have. That is why I built a <a href="/marketplace">CNC monitoring platform</a> and why I push clients to start there.</p>

<h3>2. CAM programming assistance</h3>
<p>Expect tools that propose tool selection, feeds and strategies based on a shop's own history, and that check a program for risky moves before it ever reaches the machine. The programmer stays responsible, but the first draft arrives faster and the obvious mistakes are caught earlier.</p>

<h3>3. Inspection and quality</h3>
<p>Vision systems and measurement software can compare parts against the model and spot trends across many parts, not just whether one part passed. The real value is catching a process that is drifting before it produces scrap.</p>

<h3>4. Knowledge that does not retire</h3>
<p>This is the one I care about most. A large share of the best machinists in this country are within sight of retirement, and much of what they know has never been written down. AI tools that can search setup sheets, notes, nonconformance reports and work instructions, and answer a newer machinist's question in plain language, could keep that knowledge in the building.</p>

<h2>What AI will not do</h2>
<ul>
  <li>It will not understand why a thin wall chatters on this machine but not that one without someone feeding it the right data.</li>
  <li>It will not take responsibility for a flight-critical part. People sign the first article.</li>
  <li>It will not fix a shop that has no standard work. Automating chaos produces faster chaos.</li>
</ul>

<h2>A realistic roadmap to 2030</h2>
<table>
  <thead><tr><th scope="col">Stage</th><th scope="col">What to build</th><th scope="col">Why it matters</th></tr></thead>
  <tbody>
    <tr><td>Now</td><td>Machine monitoring and clean job data</td><td>Every later tool depends on trustworthy data</td></tr>
    <tr><td>Next</td><td>Standard work, digital setup sheets, tool libraries</td><td>Gives AI something consistent to learn from</td></tr>
    <tr><td>Then</td><td>Program checking, predictive maintenance, trend alerts</td><td>Fewer crashes, less scrap, less unplanned downtime</td></tr>
    <tr><td>By 2030</td><td>Assistants that answer process questions from your own history</td><td>Newer people become productive faster</td></tr>
  </tbody>
</table>

<h2>Preparing your people</h2>
<p>The shops that benefit most will be the ones whose people understand both the metal and the data. Machinists should learn to read a utilization chart as naturally as a drawing. Programmers should learn to question a suggested toolpath, not just accept it. Managers should measure the few numbers that matter, such as utilization, first-pass yield and on-time delivery, and act on them every week.</p>
<blockquote><p>The renaissance will not be machines replacing machinists. It will be machinists with better information beating shops that still run on guesswork.</p></blockquote>
<p>If you want to know where your shop stands on that roadmap, <a href="/booking">book a free assessment</a>, or look at the practical training in our <a href="/bootcamp">bootcamp</a>.</p>`,
};

const whyManufacturingMatters: SeedPost = {
  title: "Why Manufacturing Still Matters for America",
  slug: "why-manufacturing-matters-america",
  excerpt:
    "Making things is not nostalgia. It anchors skills, innovation, national security and communities. A machinist's case for why manufacturing deserves a central place in the American economy.",
  seoTitle: "Why Manufacturing Matters for America: A Machinist's Case",
  seoDescription:
    "Why making things still matters: skills, innovation, national security and strong communities, from a senior CNC machinist with 20+ years in aerospace.",
  featuredImageUrl: image("why-manufacturing-matters-america"),
  content: `<p>People sometimes ask me why I still care so much about manufacturing, as if making things were a chapter of American history that has already closed. I understand the question. Factories closed in many towns I have driven through, and the economy has shifted toward services. But after more than twenty years of making aircraft parts, leading machining teams and helping shops improve, I am more convinced than ever that manufacturing matters. Here is why.</p>

<h2>Making things is how you learn to make better things</h2>
<p>Innovation does not only happen in laboratories. A great deal of it happens where design meets the machine: a programmer who finds a way to hold a part that saves two setups, an engineer who changes a radius because the machinist showed her why the original could not be cut well, an inspector who notices a trend before it becomes scrap. When production moves away, those conversations move with it, and over time so does the ability to design the next generation of products.</p>

<h2>Skills that take years to build</h2>
<p>A capable 5-axis machinist or manufacturing engineer is not produced in a semester. The craft is learned over years, on real parts, next to people who already know it. Those skills are also transferable: someone who can hold tight tolerances on titanium can learn to make medical implants, energy components or defense hardware. A country that keeps a deep bench of these people can respond to new needs quickly. A country that loses them has to rebuild the bench from scratch, which is slow and expensive.</p>
<ul>
  <li><strong>Machinists and programmers</strong> who can turn a model into a good part.</li>
  <li><strong>Quality professionals</strong> who can prove a part is right, not just hope so.</li>
  <li><strong>Maintenance technicians</strong> who keep complex equipment running.</li>
  <li><strong>Supervisors and managers</strong> who can run a floor with people, data and discipline.</li>
</ul>

<h2>Security is a supply chain question</h2>
<p>Aerospace and defense work taught me that some parts simply have to be made by trusted suppliers close to home. Recent years also showed everyone what happens when a supply chain stretched across the world is disrupted: products that depend on a single small component wait for months. Domestic capacity, in the right places, is insurance. It does not mean making everything here. It means being able to make what matters when it matters.</p>

<h2>Communities built around making things</h2>
<p>Here in Wichita, aviation manufacturing shaped the city: the schools, the suppliers, the small machine shops that started in a garage and grew. That pattern repeats across the country. A healthy manufacturing base supports machine tool dealers, tooling suppliers, heat treaters, platers, trucking companies and technical colleges. Those are good careers, many of them open to people who learn on the job.</p>

<h2>What it takes to keep manufacturing strong</h2>
<table>
  <thead><tr><th scope="col">Need</th><th scope="col">What shops can do</th></tr></thead>
  <tbody>
    <tr><td>People</td><td>Apprenticeships, mentoring, clear paths from operator to programmer to lead</td></tr>
    <tr><td>Productivity</td><td>Setup reduction, monitoring, standard work, sensible automation</td></tr>
    <tr><td>Quality</td><td>Certifications that mean something, and a culture that stops the line for a problem</td></tr>
    <tr><td>Competitiveness</td><td>Know your costs, pick the work you are best at, respond faster than anyone</td></tr>
  </tbody>
</table>

<h2>The shop floor is where it is decided</h2>
<p>Policy can help or hurt, but manufacturing is won or lost one shop at a time. A shop that trains its people, measures what its machines really do, and keeps improving its processes can compete with anyone. I have seen small shops with a handful of machines outperform much larger operations because they were disciplined and curious.</p>
<blockquote><p>Manufacturing matters because the ability to make things is the ability to solve problems, protect what we value and build something that lasts.</p></blockquote>
<p>If you run a shop and want to make it stronger, <a href="/booking">book a free 30-minute manufacturing assessment</a>, or bring your team to our <a href="/bootcamp">3-day bootcamp</a>.</p>`,
};

/** In the order the spec lists their slugs. */
export const seedPosts: readonly SeedPost[] = [
  americaVsChina,
  reshoringPlaybook,
  tariffs,
  aiRenaissance,
  whyManufacturingMatters,
];
