/** Header (logo, home link, hotline, title) and footer (facility, experts, contacts) of the price page. */
import { EnvironmentOutlined, GlobalOutlined, HomeOutlined, PhoneOutlined } from '@ant-design/icons';
import { fmt } from '@portal/shared/messages.vi';
import type { PublicHospital } from '@portal/shared/contracts/catalog.contract';
import { telHref } from './api';
import { T } from './messages';

function Logo({ hospital, size }: { hospital: PublicHospital; size: number }) {
  if (!hospital.avatar) return null;
  return <img className="ls-logo" src={hospital.avatar} alt={fmt(T.logoAlt, { name: hospital.name })} width={size} height={size} decoding="async" />;
}

/**
 * Where "Trang chủ" and the logo lead a patient: the hospital's own website (its facility record; editable with the
 * settings screen), else this price page — never the staff sign-in.
 */
export const homeHref = (hospital: PublicHospital | null) => hospital?.website || '/list-service';

export function SiteHeader({ hospital }: { hospital: PublicHospital | null }) {
  const home = homeHref(hospital);
  return (
    <header className="ls-header">
      <div className="ls-header-bar">
        <div className="ls-wrap ls-header-inner">
          {/* until the hospital is read, the link is named by where it leads (axe link-name) */}
          <a className="ls-brand" href={home} aria-label={hospital ? undefined : T.home}>
            {hospital && <Logo hospital={hospital} size={40} />}
            <span className="ls-brand-text">
              <span className="ls-brand-name">{hospital?.name ?? ''}</span>
              {hospital?.shortName && <span className="ls-brand-short">{hospital.shortName}</span>}
              {/* phones: the short name fits where the full name would be cut */}
              <span className="ls-brand-phone">{hospital?.shortName ?? hospital?.name ?? ''}</span>
            </span>
          </a>
          <nav className="ls-nav">
            <a className="ls-nav-home" href={home}>
              <HomeOutlined aria-hidden />
              <span className="ls-nav-text">{T.home}</span>
            </a>
            {hospital?.hotline && (
              <a className="ls-hotline" href={telHref(hospital.hotline)} title={fmt(T.callHotline, { phone: hospital.hotline })} data-testid="header-hotline">
                <PhoneOutlined aria-hidden />
                <span className="ls-hotline-label">{T.hotline}</span>
                <strong>{hospital.hotline}</strong>
              </a>
            )}
          </nav>
        </div>
      </div>
      <div className="ls-hero">
        <div className="ls-wrap">
          {/* the facility's own texts (/admin/settings); the defaults until it is read */}
          <h1 data-testid="price-title">{hospital?.priceTitle ?? T.title}</h1>
          <p>{hospital?.priceSubtitle ?? T.subtitle}</p>
        </div>
      </div>
    </header>
  );
}

export function SiteFooter({ hospital }: { hospital: PublicHospital | null }) {
  if (!hospital) return <footer className="ls-footer" />;
  const year = new Date().getFullYear();
  return (
    <footer className="ls-footer">
      <div className="ls-wrap ls-footer-grid">
        <section className="ls-footer-about">
          <div className="ls-footer-brand">
            <Logo hospital={hospital} size={48} />
            <div>
              <div className="ls-footer-name">{hospital.name}</div>
              {hospital.slogan && <div className="ls-footer-slogan">{hospital.slogan}</div>}
            </div>
          </div>
          <h2>{T.footer.contact}</h2>
          <ul className="ls-contacts">
            {hospital.address && (
              <li>
                <EnvironmentOutlined aria-hidden />
                <span>
                  {T.footer.address}: {hospital.address}
                </span>
              </li>
            )}
            {hospital.emergencyPhone && (
              <li>
                <PhoneOutlined aria-hidden />
                <span>
                  {T.emergency}:{' '}
                  <a className="ls-phone ls-phone-emergency" href={telHref(hospital.emergencyPhone)}>
                    {hospital.emergencyPhone}
                  </a>
                </span>
              </li>
            )}
            {hospital.hotline && (
              <li>
                <PhoneOutlined aria-hidden />
                <span>
                  {T.hotline}:{' '}
                  <a className="ls-phone" href={telHref(hospital.hotline)}>
                    {hospital.hotline}
                  </a>
                </span>
              </li>
            )}
            {hospital.website && (
              <li>
                <GlobalOutlined aria-hidden />
                <span>
                  {T.footer.website}:{' '}
                  <a href={hospital.website} target="_blank" rel="noopener noreferrer">
                    {hospital.website.replace(/^https?:\/\//, '').replace(/\/$/, '')}
                  </a>
                </span>
              </li>
            )}
          </ul>
        </section>
        {hospital.experts.length > 0 && (
          <section className="ls-footer-experts">
            <h2>{T.footer.experts}</h2>
            <ul className="ls-experts">
              {hospital.experts.map((x) => (
                <li key={x.name} className="ls-expert">
                  <img src={x.photo} alt={x.name} width={64} height={64} loading="lazy" decoding="async" />
                  <div>
                    <div className="ls-expert-name">{x.name}</div>
                    <div className="ls-expert-title">{x.title}</div>
                    <div className="ls-expert-specialty">{x.specialty}</div>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
      <div className="ls-wrap ls-footer-note">
        <p data-testid="price-footer-note">{hospital.priceFooterNote}</p>
        <p>
          © {year} {hospital.name}
        </p>
      </div>
    </footer>
  );
}
