"""The judges' page in headless Chromium: load an example, ask, read the rulings, unfold the
proof, open citations, follow a shared link, see input problems at their lines, complete
card names and words, and read it narrow and dark. See conftest.py for the set-up."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .conftest import REPO, Page, base64url

EXAMPLE = "Reflecting Pool with Wild Growth"

#: a situation with two problems: a misspelt zone (line 2), so the event's object is missing
BROKEN = """\
players: [Alice, Bob]
battlefeld:
  - {card: Forest, controller: Alice}
event:
  activate: {ability: forest.1}
"""


def load_example(page: Page, label: str = EXAMPLE) -> None:
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    page.open()
    Select(page.find("#examples")).select_by_visible_text(label)
    page.find("#load").send_keys(Keys.ENTER)  # keyboard: Enter on the focused button
    page.wait.until(lambda _: "Reflecting Pool" in page.editor_text() or label != EXAMPLE)


def ruling_with(page: Page, rule: str):
    for article in page.rulings():
        if article.find_element("css selector", ".rule-id code").text == rule:
            return article
    raise AssertionError(f"no ruling by {rule} on the page")


def test_example_ask_rulings_and_the_proof_unfolded(page: Page) -> None:
    from selenium.webdriver.common.keys import Keys

    load_example(page)
    assert page.editor_text() == (REPO / "examples" / "reflecting-pool.yaml").read_text()
    page.ask()  # Ctrl+Enter in the editor
    allowed = ruling_with(page, "activation.allowed")
    assert allowed.find_element("css selector", ".verdict").text.lower() == "can"
    heading = allowed.find_element("css selector", "h3").text
    assert "Alice can activate Reflecting Pool's ability 1" in heading
    assert allowed.find_element("css selector", ".why").text.startswith("Why: ")
    cites = [b.text for b in allowed.find_elements("css selector", ".cites button.cite")]
    assert "CR 602.2" in cites
    # some ruling cites an official ruling, listed apart from the rules
    titles = [t.text for t in page.all(".cites-title")]
    assert "Official rulings:" in titles and "Comprehensive Rules:" in titles

    # the proof unfolds level by level, by keyboard
    proof = allowed.find_element("css selector", "details.proof")
    assert proof.get_attribute("open") is None
    proof.find_element("css selector", "summary").send_keys(Keys.ENTER)
    page.wait.until(lambda _: proof.find_elements("css selector", ".node-body"))
    fired = proof.find_element("css selector", ".fired").text
    assert "activation.allowed" in fired
    given = [g.text for g in proof.find_elements("css selector", ".fact.given")]
    assert any("Reflecting Pool" in g for g in given), given
    absent = proof.find_elements("css selector", "ul.absent li")
    assert absent and "absent" in absent[0].text.lower()
    deeper = proof.find_elements("css selector", "details.node")
    assert deeper, "the proof has derived facts to unfold"
    deeper[0].find_element("css selector", "summary").send_keys(Keys.ENTER)
    page.wait.until(lambda _: deeper[0].find_elements("css selector", ".node-body .fired"))
    rule_chip = deeper[0].find_element("css selector", "summary .rule-chip").text
    assert rule_chip in deeper[0].find_element("css selector", ".node-body .fired").text
    first_cite = allowed.find_element("css selector", ".cites button.cite")
    first_cite.send_keys(Keys.ENTER)
    page.wait.until(lambda _: "Page fixture" in allowed.find_element(
        "css selector", ".cite-text").text)
    page.driver.execute_script("arguments[0].scrollIntoView()", allowed)
    shot = page.screenshot("answer-with-proof.png")
    assert shot.stat().st_size > 10_000


def test_citations_open_their_imported_text(page: Page) -> None:
    load_example(page)
    page.ask(by_keyboard=False)
    allowed = ruling_with(page, "activation.allowed")
    button = next(b for b in allowed.find_elements("css selector", "button.cite")
                  if b.text == "CR 602.2")
    button.click()
    panel = page.find(f"#{button.get_attribute('aria-controls')}")
    page.wait.until(lambda _: "pretend button" in panel.text)
    assert button.get_attribute("aria-expanded") == "true"
    assert "CR 602.2" in panel.text and "2031-02-03" in panel.text
    button.click()
    assert not panel.is_displayed() and button.get_attribute("aria-expanded") == "false"

    ruling = next(b for b in page.all("button.cite") if b.text == "mana-reflection#1")
    ruling.click()
    panel = page.find(f"#{ruling.get_attribute('aria-controls')}")
    page.wait.until(lambda _: "Page fixture note one" in panel.text)
    assert "Official ruling on Mana Reflection" in panel.text

    # a rule the imported (miniature) rules lack: asked of /v1/citations, and said so
    missing = next(b for b in page.all("button.cite") if b.text == "CR 605.1b")
    missing.click()
    panel = page.find(f"#{missing.get_attribute('aria-controls')}")
    page.wait.until(lambda _: "No text for CR 605.1b" in panel.text)


def test_a_shared_link_opens_the_situation_and_its_answer(page: Page) -> None:
    text = (REPO / "examples" / "what-triggers.yaml").read_text()
    page.open(f"?situation={base64url(text)}")
    page.wait.until(lambda _: page.asked() >= 1)
    assert page.editor_text() == text
    from rulings.api import ask

    shown = [a.get_attribute("data-id") for a in page.rulings()]
    assert shown == [r["id"] for r in ask(REPO / "examples" / "what-triggers.yaml")["rulings"]]
    assert any(s.startswith("triggers.triggers/") for s in shown)
    # the link the page offers is the one it was opened with
    link = page.find("#link").get_attribute("value")
    assert link == page.driver.current_url
    assert link.endswith(f"/?situation={base64url(text)}")
    page.find("#copy").click()
    page.wait.until(lambda _: page.find("#copied").text)


def test_ask_updates_the_link(page: Page) -> None:
    load_example(page)
    page.ask()
    assert page.driver.current_url.endswith(f"/?situation={base64url(page.editor_text())}")


def test_input_problems_are_shown_at_their_lines_as_the_cli_reports_them(
        page: Page, tmp_path: Path) -> None:
    page.open()
    page.write(BROKEN)
    page.ask()
    marked = page.until(".gutter .ln.bad")
    shown = [li.text for li in page.all("#problems li")]
    page.screenshot("input-error.png")

    from rulings.api import ask
    from rulings.facts.errors import InputError

    path = tmp_path / "broken.yaml"
    path.write_text(BROKEN)
    with pytest.raises(InputError) as cli:
        ask(path)
    expected = [f"line {p.line}: {p.what}" + (f" → {p.fix}" if p.fix else "")
                for p in cli.value.problems]
    assert shown == expected
    assert "line 2: unknown key 'battlefeld'" in shown[0]
    assert {int(m.get_attribute("data-line")) for m in marked} == {
        p.line for p in cli.value.problems}
    assert page.find("#yaml").get_attribute("aria-invalid") == "true"
    # a problem is a button that takes the caret to its line
    page.find("#problems li button").click()
    start = page.driver.execute_script("return document.getElementById('yaml').selectionStart")
    assert BROKEN[:start].count("\n") == 1


def options(page: Page) -> list[str]:
    """The completions offered, once the list shows (read at once: it is redrawn as one
    types)."""
    return page.wait.until(lambda d: d.execute_script(
        "const box = document.getElementById('complete');"
        "return box.hidden ? null : [...box.querySelectorAll('li .value')]"
        ".map((v) => v.textContent);"))


def test_completion_of_card_names_and_words(page: Page) -> None:
    from selenium.webdriver.common.keys import Keys

    page.open()
    area = page.find("#yaml")
    page.write("players: [Alice, Bob]\nbattlefield:\n")
    area.send_keys(Keys.CONTROL, Keys.END)
    area.send_keys("  - {card: Llanow")
    assert options(page)[0] == "Llanowar Elves"
    area.send_keys(Keys.ENTER)
    page.wait.until(lambda _: "{card: Llanowar Elves" in page.editor_text())
    area.send_keys(", controller: ")
    area.send_keys(Keys.CONTROL, " ")
    assert options(page) == ["Alice", "Bob"]
    area.send_keys(Keys.ESCAPE)
    assert not page.find("#complete").is_displayed()
    # Enter keeps the indentation (Backspace takes it back), and indents after "event:"
    area.send_keys("Alice}", Keys.ENTER, Keys.BACKSPACE, Keys.BACKSPACE, "event:", Keys.ENTER,
                   "act")
    assert options(page)[0] == "activate"
    area.send_keys(Keys.TAB)
    assert page.editor_text().endswith("\n  - {card: Llanowar Elves, controller: Alice}\n"
                                       "event:\n  activate: ")

    # a name YAML would misread is written quoted
    page.write("battlefield:\n")
    area.send_keys(Keys.CONTROL, Keys.END)
    area.send_keys("  - {card: isamaru")
    assert options(page)[0] == "Isamaru, Hound of Konda"
    area.send_keys(Keys.ENTER)
    assert page.editor_text() == 'battlefield:\n  - {card: "Isamaru, Hound of Konda"'


def test_incomplete_and_not_modelled_answers_are_shown_prominently(page: Page) -> None:
    """Rendered from answers of the documented shape (a bound hit; a part no rule reads)."""
    page.open()
    bound = {"rule": "engine.could-not-decide", "id": "engine.could-not-decide",
             "text": "Could not decide.", "because": "Every run is bounded.", "cites": [],
             "statement": {"verdict": "doesn't happen"},
             "justification": {"fact": "Could not decide.", "given": False}}
    page.driver.execute_script("showAnswer(arguments[0])", {
        "question": "q", "complete": False, "rulings": [bound],
        "notes": ["Bar: ability 2 not modelled; the answer may miss its effects"]})
    alert = page.find(".alert.incomplete")
    assert alert.get_attribute("role") == "alert" and "stopped at a bound" in alert.text
    assert "ability 2 not modelled" in page.find(".alert.not-modelled").text

    part = {"object": "Bar", "part": "ability 2", "word": "emerge",
            "reason": "no rule reads it yet", "bears": True}
    ruling = {**bound, "rule": "x.y", "id": "x.y/bar", "statement": {"verdict": "can"},
              "not_modelled": [{k: part[k] for k in ("object", "part", "word")}]}
    page.driver.execute_script("showAnswer(arguments[0])", {
        "question": "q", "complete": False, "rulings": [ruling], "not_modelled": [part]})
    assert "no rule reads could change it" in page.find(".alert.incomplete").text
    box = page.find(".alert.not-modelled").text
    assert "Bar, ability 2: emerge (no rule reads it yet)" in box
    assert "could change this answer" in box
    assert "Not modelled here: Bar, ability 2: emerge" in page.find("article .here").text


def test_readable_at_320_px_and_in_the_dark(page: Page) -> None:
    load_example(page)
    page.ask()
    light = page.driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    page.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": "dark"}]})
    dark = page.driver.execute_script("return getComputedStyle(document.body).backgroundColor")
    assert light != dark
    page.driver.set_window_size(320, 900)
    page.wait.until(lambda d: d.execute_script("return window.innerWidth") <= 320)
    overflow = page.driver.execute_script(
        "return document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page is {overflow} px wider than a 320 px screen"
    page.driver.execute_script("document.getElementById('answer').scrollIntoView()")
    page.screenshot("narrow-dark.png")


def test_keyboard_alone(page: Page) -> None:
    """From the top of the page to an unfolded proof and an opened citation, by keys only."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    def press(*keys: str) -> None:
        ActionChains(page.driver).send_keys(*keys).perform()

    def focused() -> Any:
        return page.driver.switch_to.active_element

    page.open()
    press(Keys.TAB)
    assert focused().get_attribute("class") == "skip"
    press(Keys.TAB)
    assert focused().get_attribute("id") == "examples"
    press(Keys.ARROW_DOWN, Keys.ARROW_DOWN)  # the second example: Reflecting Pool
    press(Keys.TAB)
    assert focused().get_attribute("id") == "load"
    press(Keys.ENTER)
    page.wait.until(lambda _: "Reflecting Pool" in page.editor_text())
    assert focused().get_attribute("id") == "yaml"
    before = page.asked()
    ActionChains(page.driver).key_down(Keys.CONTROL).send_keys(Keys.ENTER).key_up(
        Keys.CONTROL).perform()
    page.wait.until(lambda _: page.asked() > before)
    page.rulings()
    for _ in range(60):  # Tab leaves the editor and goes on into the answer
        press(Keys.TAB)
        if focused().tag_name == "button" and focused().get_attribute("data-cite"):
            break
    cite = focused()
    assert cite.get_attribute("data-cite"), "Tab reaches the citations"
    press(Keys.ENTER)
    assert cite.get_attribute("aria-expanded") == "true"
    for _ in range(20):
        press(Keys.TAB)
        if focused().tag_name == "summary":
            break
    summary = focused()
    assert summary.tag_name == "summary", "Tab reaches the proof"
    press(Keys.ENTER)
    details = summary.find_element("xpath", "..")
    assert details.get_attribute("open") is not None
    page.wait.until(lambda _: details.find_elements("css selector", ".node-body"))


def test_the_pages_slugs_are_the_projects(page: Page) -> None:
    """Object ids offered for completion are card slugs: the page's rule is the loader's."""
    from rulings.facts.slugs import slugify

    names = ["Urza's Saga", "Isamaru, Hound of Konda", "Æther Vial", "Fire // Ice",
             "Lim-Dûl's Vault", "Jötun Grunt", "Ph.D. Thing", "Þorn's Œuvre", "  -Odd-  "]
    page.open()
    assert page.driver.execute_script("return arguments[0].map(slugify)", names) == [
        slugify(n) for n in names]
