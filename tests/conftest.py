"""Test set-up: the rulings corpus (tests/rulings/*.yaml) collected as pytest tests, one item per
query of a scenario file, and the Hypothesis profiles.

The corpus runs through the same loader and runner as `mtg-asp check` (mtg_asp.queries.scenario);
the queries of one file share one Session, as they do there.

Hypothesis: the `quick` profile (the default) runs each property test with a quarter of its
examples; `HYPOTHESIS_PROFILE=thorough pytest` runs them all (tests/budget.py).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings
from mtg_asp.queries.scenario import (
    _is_scenario,
    failure_message,
    load_scenario,
    run_check,
    scenario_session,
)
from mtg_asp.translator.errors import InputError, SolverError

settings.register_profile("quick", deadline=None)
settings.register_profile("thorough", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "quick"))


def pytest_collect_file(parent, file_path):
    if file_path.suffix in (".yaml", ".yml") and "rulings" in file_path.parts and _is_scenario(file_path):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self):
        self._mtg_session = None
        try:
            self.scenario = load_scenario(self.path)
        except (InputError, SolverError) as e:   # a broken scenario: one failing item
            self.scenario = None
            self.load_error = e
            yield ScenarioItem.from_parent(self, name=self.path.stem, index=None)
            return
        checks = self.scenario.checks
        for i, check in enumerate(checks):
            name = self.path.stem if len(checks) == 1 else f"{self.path.stem}[{i}:{check.query}]"
            yield ScenarioItem.from_parent(self, name=name, index=i)

    def mtg_session(self):
        if self._mtg_session is None:
            self._mtg_session = scenario_session(self.scenario)
        return self._mtg_session

    def teardown(self):
        # after the file's last check: end its Session's worker process now
        if self._mtg_session is not None:
            self._mtg_session.close()
            self._mtg_session = None


class ScenarioFailed(Exception):
    pass


class ScenarioItem(pytest.Item):
    def __init__(self, *, index: int | None, **kwargs):
        super().__init__(**kwargs)
        self.index = index

    def runtest(self):
        parent = self.parent
        if parent.scenario is None:
            raise parent.load_error
        failures = run_check(parent.mtg_session(), parent.scenario.checks[self.index])
        if failures:
            raise ScenarioFailed(failure_message(parent.scenario, failures))

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, ScenarioFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, 0, f"ruling: {self.name}"
