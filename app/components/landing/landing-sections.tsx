/**
 * The landing page around its hero (issue 15): the top bar, the picture of the product, and the
 * sections below — how it works, one example per assistant, the bible and draft mode, pricing,
 * questions. Plain HTML and CSS: nothing here needs script.
 */
import { BrandLogo } from "~/components/brand-logo";
import { ThemeToggle } from "~/components/theme-toggle";
import { landingExamples, landingHeroExample, landingSectionTexts as texts, landingTexts } from "~/messages/landing";
import { PRODUCT_NAME } from "~/messages/site";

/** The catalog's names for an example: the assistant and the element asked for (from the loader). */
export type ExampleLabels = { tool: string; element: string };

export function LandingTopBar() {
  return (
    <header className="landing-bar">
      <a href="/" className="brand-link" aria-label={PRODUCT_NAME}>
        <BrandLogo />
      </a>
      <nav aria-label={texts.nav} className="landing-bar-nav">
        <a href="#how">{texts.navLinks.how}</a>
        <a href="#examples">{texts.navLinks.examples}</a>
        <a href="#pricing">{texts.navLinks.pricing}</a>
        <a href="#faq">{texts.navLinks.faq}</a>
      </nav>
      <div className="landing-bar-actions">
        <ThemeToggle />
        <a href="/signin" className="landing-signin">
          {texts.signIn}
        </a>
      </div>
    </header>
  );
}

/** The hero's picture: the tool page's folded form, an answer and a follow-up, drawn in HTML. */
export function HeroPicture({ labels }: { labels: ExampleLabels }) {
  return (
    <figure className="hero-picture">
      <div className="hero-window" aria-hidden="true">
        <div className="hero-window-bar">
          <span />
          <span />
          <span />
        </div>
        <div className="hero-window-body">
          <p className="hero-tool">{labels.tool}</p>
          <p className="hero-summary">{landingHeroExample.summary}</p>
          <div className="hero-answer">
            <p className="hero-answer-heading">{landingHeroExample.heading}</p>
            {landingHeroExample.lines.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
          <p className="hero-follow-up">{landingHeroExample.followUp}</p>
        </div>
      </div>
      <figcaption>
        <span className="example-badge">{texts.exampleBadge}</span> {texts.heroPicture}
      </figcaption>
    </figure>
  );
}

function HowItWorks() {
  return (
    <section id="how" className="landing-section" aria-labelledby="how-heading">
      <h2 id="how-heading">{texts.howHeading}</h2>
      <p className="landing-section-intro">{texts.howIntro}</p>
      <ol className="landing-steps">
        {texts.steps.map((step, index) => (
          <li key={step.title}>
            <span className="landing-step-number" aria-hidden="true">
              {index + 1}
            </span>
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Examples({ labels }: { labels: readonly ExampleLabels[] }) {
  return (
    <section id="examples" className="landing-section" aria-labelledby="examples-heading">
      <h2 id="examples-heading">{texts.examplesHeading}</h2>
      <p className="landing-section-intro">{texts.examplesIntro}</p>
      <ul className="landing-examples">
        {landingExamples.map((example, index) => {
          const label = labels[index]!;
          return (
            <li key={example.tool}>
              <article className="landing-example" aria-label={texts.exampleLabel(label.tool)}>
                <header>
                  <span className="example-badge">{texts.exampleBadge}</span>
                  <h3>{label.tool}</h3>
                  <p className="landing-example-request">
                    {label.element} · {example.details}
                  </p>
                </header>
                <blockquote>
                  {example.excerpt.split("\n").map((line) => (
                    <p key={line}>{line}</p>
                  ))}
                </blockquote>
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function WorkInProgress() {
  return (
    <section className="landing-section" aria-labelledby="work-heading">
      <h2 id="work-heading">{texts.workHeading}</h2>
      <div className="landing-features">
        {[texts.bible, texts.draft].map((feature) => (
          <div key={feature.title} className="landing-feature">
            <h3>{feature.title}</h3>
            <p>{feature.text}</p>
          </div>
        ))}
      </div>
    </section>
  );
}

function Pricing() {
  return (
    <section id="pricing" className="landing-section" aria-labelledby="pricing-heading">
      <h2 id="pricing-heading">{texts.pricingHeading}</h2>
      <div className="landing-plan">
        <div className="landing-plan-price">
          <p className="landing-plan-name">{texts.planName}</p>
          <p className="landing-plan-amount">
            <span>{texts.priceAmount}</span>
            {texts.perMonth}
          </p>
          <p className="landing-plan-note">{texts.afterTrial}</p>
          <a href="/signup" className="landing-plan-cta">
            {texts.createAccount}
          </a>
        </div>
        <div>
          <h3>{texts.trialIncludesHeading}</h3>
          <ul className="landing-checklist">
            {texts.trialIncludes.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p className="landing-plan-then">{texts.subscriptionIncludes}</p>
        </div>
      </div>
    </section>
  );
}

function Faq() {
  return (
    <section id="faq" className="landing-section" aria-labelledby="faq-heading">
      <h2 id="faq-heading">{texts.faqHeading}</h2>
      <div className="landing-faq">
        {texts.faq.map((item) => (
          <details key={item.question}>
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
      </div>
    </section>
  );
}

/** Everything below the hero, in reading order. */
export function LandingSections({ labels }: { labels: readonly ExampleLabels[] }) {
  return (
    <>
      <HowItWorks />
      <Examples labels={labels} />
      <WorkInProgress />
      <Pricing />
      <Faq />
      <p className="landing-closing">
        {landingTexts.price} <a href="/signup">{texts.createAccount}</a>
      </p>
    </>
  );
}
