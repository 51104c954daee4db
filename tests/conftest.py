"""Collect the rulings corpus (tests/rulings/*.yaml) as pytest tests, one item per scenario.

Uses the same loader and runner as `mtg-asp check` (mtg_asp.queries.scenario).
"""

from __future__ import annotations

import pytest
from mtg_asp.queries.scenario import _is_scenario, load_scenario, run_scenario


def pytest_collect_file(parent, file_path):
    if file_path.suffix in (".yaml", ".yml") and "rulings" in file_path.parts and _is_scenario(file_path):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self):
        yield ScenarioItem.from_parent(self, name=self.path.stem)


class ScenarioFailed(Exception):
    pass


class ScenarioItem(pytest.Item):
    def runtest(self):
        outcome = run_scenario(load_scenario(self.path))
        if not outcome.passed:
            raise ScenarioFailed(outcome.message)

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, ScenarioFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, 0, f"ruling: {self.name}"
