"""The judges' page in a real browser: headless Chromium driven by Selenium (chromedriver).

Chromium and its driver come from the distribution (`apt-get install chromium
chromium-driver`, done by .ci/run). Without them the browser tests are skipped with the
reason, except under CI (CI=true), where a missing browser is a failure: CI must run them.

One service (`rulings serve` on 127.0.0.1, a free port) and one browser serve all the tests
of a run. The service's data directory holds this folder's fixtures (a made-up miniature of
the rules and two cards' made-up rulings), so citations open real imported text without the
shared data. Screenshots go to build/screenshots/ (not committed).
"""

from __future__ import annotations

import base64
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ..service.conftest import running_server

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
FIXTURES = HERE / "fixtures"
SCREENSHOTS = REPO / "build" / "screenshots"
#: seconds to wait for the page to answer (a loaded 2-core machine is slow)
WAIT = 30


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() == "true"


def _absent(reason: str) -> None:
    if in_ci():
        pytest.fail(f"{reason}; CI must run the browser tests (.ci/run installs them)")
    pytest.skip(reason)


def browser_binaries() -> tuple[str, str] | None:
    chromium = next(filter(None, map(shutil.which, ("chromium", "chromium-browser"))), None)
    driver = shutil.which("chromedriver")
    return (chromium, driver) if chromium and driver else None


@pytest.fixture(scope="session")
def page_data() -> Iterator[Path]:
    """A data directory with the fixture rules and rulings imported."""
    with tempfile.TemporaryDirectory(prefix="rulings-page-data-") as tmp:
        for command, fixture in (("import-cr", "cr-page.txt"),
                                 ("import-rulings", "cards-page.json")):
            done = subprocess.run(
                [sys.executable, "-m", "rulings.cli", "data", command, str(FIXTURES / fixture),
                 "--data-dir", tmp], capture_output=True, text=True, timeout=120)
            assert done.returncode == 0, done.stderr
        yield Path(tmp)


@pytest.fixture(scope="session")
def page_url(page_data: Path) -> Iterator[str]:
    with running_server("--timeout", "60", env={"RULINGS_DATA_DIR": str(page_data)}) as url:
        yield url


@pytest.fixture(scope="session")
def driver() -> Iterator[Any]:
    found = browser_binaries()
    if found is None:
        _absent("Chromium and chromedriver are not installed "
                "(apt-get install chromium chromium-driver)")
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        _absent("selenium is not installed (pip install -e '.[dev]')")
    assert found is not None
    chromium, chromedriver = found
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1400,1000", "--force-prefers-reduced-motion"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    browser = webdriver.Chrome(service=Service(chromedriver), options=options)
    browser.set_page_load_timeout(WAIT)
    try:
        yield browser
    finally:
        browser.quit()


@pytest.fixture
def page(driver: Any, page_url: str) -> Iterator[Page]:
    """The page, opened fresh at the large size, in the light theme."""
    driver.set_window_size(1400, 1000)
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
        {"name": "prefers-color-scheme", "value": "light"}]})
    helper = Page(driver, page_url)
    yield helper
    errors = [e for e in driver.get_log("browser")
              if e["level"] == "SEVERE" and "status of 422" not in e["message"]
              and "status of 404" not in e["message"]]
    assert not errors, f"the page logged errors: {errors}"


def base64url(text: str) -> str:
    return base64.urlsafe_b64encode(text.encode("utf-8")).decode("ascii").rstrip("=")


class Page:
    """What a test does on the page, in its words."""

    def __init__(self, driver: Any, url: str) -> None:
        from selenium.webdriver.support.ui import WebDriverWait

        self.driver = driver
        self.url = url
        self.wait = WebDriverWait(driver, WAIT)

    def open(self, query: str = "") -> None:
        self.driver.get(f"{self.url}/{query}")
        self.wait.until(lambda d: d.execute_script("return document.body.dataset.ready"))

    def find(self, css: str) -> Any:
        from selenium.webdriver.common.by import By

        return self.driver.find_element(By.CSS_SELECTOR, css)

    def all(self, css: str) -> list[Any]:
        from selenium.webdriver.common.by import By

        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def until(self, css: str) -> list[Any]:
        return self.wait.until(lambda _: self.all(css))

    def editor_text(self) -> str:
        return str(self.find("#yaml").get_attribute("value"))

    def write(self, text: str) -> None:
        """Put `text` into the editor as if typed (an input event follows)."""
        self.driver.execute_script(
            "const a = document.getElementById('yaml'); a.value = arguments[0];"
            "a.dispatchEvent(new Event('input'));", text)

    def asked(self) -> int:
        return int(self.driver.execute_script("return document.body.dataset.asked || 0"))

    def ask(self, by_keyboard: bool = True) -> None:
        """Ask (Ctrl+Enter in the editor, or the button) and wait for the reply."""
        from selenium.webdriver.common.keys import Keys

        before = self.asked()
        if by_keyboard:
            self.find("#yaml").send_keys(Keys.CONTROL, Keys.ENTER)
        else:
            self.find("#ask").click()
        self.wait.until(lambda _: self.asked() > before)

    def rulings(self) -> list[Any]:
        return self.until("article.ruling")

    def screenshot(self, name: str) -> Path:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / name
        self.driver.save_screenshot(str(path))
        return path
