"""Walk every page a person reaches by links from the home page (the page-walk helper).

:func:`page_walk` follows every same-site ``<a href>`` (GET only, never a form) from a
start page with Django's test client, as the given client's user, and returns each page it
reached with its status, the page that linked to it and its title and headings.
:func:`page_problems` says what is wrong with one page: a link to a missing page or an
error, a title or heading that says something twice, not exactly one ``h1``, a table header cell with no
text. :func:`pages_per_view` picks a few pages of each kind (URL name) for the slower
browser checks (``tests/browser.py``).

A new page is covered as soon as some page links to it.
"""

from __future__ import annotations

import collections
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

from django.urls import Resolver404, resolve

#: Not pages of the site: the admin, the API's browsable pages and schema, static files,
#: log out (a POST), downloads.
SKIPPED_PREFIXES = ("/admin/", "/api/", "/static/", "/logout/", "/i18n/")
SKIPPED_SUFFIXES = ("/pbn/", ".csv", ".pbn", ".json", "/stream/", "/version/", "/fragment/")
TITLE_SEPARATOR = " · "


class _PageParser(HTMLParser):
    """Links, the title, the h1s and the table header cells of one HTML page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.title = ""
        self.h1: list[str] = []
        self.empty_headers = 0
        self._open: list[str] = []
        self._text: dict[str, list[str]] = {}

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "a" and attributes.get("href"):
            self.links.append(attributes["href"])
        if tag in ("title", "h1", "th"):
            self._open.append(tag)
            self._text[tag] = []
            if tag == "th" and (attributes.get("aria-label") or attributes.get("title")):
                self._text[tag].append(attributes.get("aria-label") or attributes["title"])
        if tag == "img" and "th" in self._open and attributes.get("alt"):
            self._text["th"].append(attributes["alt"])

    def handle_endtag(self, tag):
        if tag not in self._open:
            return
        self._open.remove(tag)
        text = " ".join("".join(self._text.pop(tag, [])).split())
        if tag == "title":
            self.title = self.title or text  # the page's, not an SVG chart's
        elif tag == "h1":
            self.h1.append(text)
        elif tag == "th" and not text:
            self.empty_headers += 1

    def handle_data(self, data):
        for tag in self._open:
            self._text[tag].append(data)


@dataclass
class WalkedPage:
    """One page reached by the walk."""

    url: str
    status: int
    referrer: str | None
    view_name: str = ""
    title: str = ""
    h1: list[str] = field(default_factory=list)
    empty_headers: int = 0
    links: list[str] = field(default_factory=list)
    location: str = ""  # where a redirect goes

    @property
    def is_html(self) -> bool:
        return self.status == 200 and bool(self.title or self.h1 or self.links)


def _view_name(url: str) -> str:
    try:
        return resolve(urlsplit(url).path).view_name
    except Resolver404:
        return ""


def _same_site_path(base: str, href: str) -> str | None:
    target = urlsplit(urljoin(base, href))
    if target.scheme not in ("http", "https", "") or target.netloc not in ("", "testserver"):
        return None
    path = target.path + (f"?{target.query}" if target.query else "")
    if path.startswith(SKIPPED_PREFIXES) or target.path.endswith(SKIPPED_SUFFIXES):
        return None
    return path


def page_walk(client, start: str = "/", *, limit: int = 3000) -> list[WalkedPage]:
    """Every page reachable from ``start`` by links, breadth first, as ``client``'s user.

    Redirects are recorded (with ``location``) but not followed; pages that are not HTML
    (a PDF, a CSV) are recorded without their links."""
    pages: dict[str, WalkedPage] = {}
    queue: collections.deque[tuple[str, str | None]] = collections.deque([(start, None)])
    queued = {start}
    while queue and len(pages) < limit:
        url, referrer = queue.popleft()
        response = client.get(url)
        page = WalkedPage(url, response.status_code, referrer, _view_name(url))
        page.location = response.get("Location", "")
        pages[url] = page
        if "html" not in response.get("Content-Type", "") or not response.content:
            continue
        parser = _PageParser()
        parser.feed(response.content.decode(response.charset or "utf-8"))
        page.title, page.h1, page.empty_headers = parser.title, parser.h1, parser.empty_headers
        page.links = [p for href in parser.links if (p := _same_site_path(url, href))]
        for link in page.links:
            if link not in queued:
                queued.add(link)
                queue.append((link, url))
    return list(pages.values())


def text_repeats(text: str) -> bool:
    """Whether a title or heading says something twice: a part twice ("Howell · Howell"),
    a part made of one name twice ("Thursday Howell Thursday Howell"), or a part of two
    words or more inside another ("Pairs — Section Pairs — session 1"). Parts are what
    ``·``, dashes, colons and commas separate."""
    parts = [p.casefold().split() for p in re.split(r"\s[·—–]\s|[:,]\s", text) if p.strip()]
    phrases = [" ".join(words) for words in parts]
    if len(phrases) != len(set(phrases)):
        return True
    for words in parts:
        half = len(words) // 2
        if half and len(words) % 2 == 0 and words[:half] == words[half:]:
            return True
    for phrase in phrases:
        others = (f" {other} " for other in phrases if other != phrase)
        if " " in phrase and any(f" {phrase} " in other for other in others):
            return True
    return False


def page_problems(page: WalkedPage) -> list[str]:
    """What is wrong with one walked page, in words (empty when nothing is)."""
    where = f"{page.url} (linked from {page.referrer})"
    if page.status == 404 or page.status >= 500:
        return [f"{where}: answered {page.status}"]
    if not page.is_html:
        return []
    problems = []
    for text in (page.title, *page.h1):
        if text_repeats(text):
            problems.append(f"{where}: says something twice: {text!r}")
    if len(page.h1) != 1:
        problems.append(f"{where}: {len(page.h1)} h1 headings: {page.h1}")
    if page.empty_headers:
        problems.append(f"{where}: {page.empty_headers} table header cells without text")
    return problems


def pages_per_view(pages: list[WalkedPage], per_view: int | None) -> list[WalkedPage]:
    """Up to ``per_view`` HTML pages of each URL name (every page when None), in walk order."""
    taken: collections.Counter[str] = collections.Counter()
    chosen = []
    for page in pages:
        if not page.is_html:
            continue
        if per_view is None or taken[page.view_name] < per_view:
            taken[page.view_name] += 1
            chosen.append(page)
    return chosen
