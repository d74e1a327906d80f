"""/docs works without the internet: the page and everything it loads come from this
server (Swagger UI from the swagger-ui-bundle package), no external URL."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient


def test_docs_reference_no_external_url_and_their_assets_are_served(client: TestClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200
    urls = re.findall(r"""(?:src|href|url)\s*[:=]\s*['"]([^'"]+)['"]""", page.text)
    assert urls, page.text
    assert not [u for u in urls if "//" in u], urls  # nothing from another host
    assert "http://" not in page.text and "https://" not in page.text
    for url in urls:
        got = client.get(url)
        assert got.status_code == 200, url
        assert got.content


def test_redoc_is_not_offered_since_it_would_need_a_cdn(client: TestClient) -> None:
    assert client.get("/redoc").status_code == 404
