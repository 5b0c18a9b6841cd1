# Compiled from ui/settings_dialog.ui by ui/build.py; do not edit.
from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QApplication, QDialog,
    QDialogButtonBox, QFormLayout, QFrame, QGroupBox,
    QHBoxLayout, QHeaderView, QLabel, QPushButton,
    QRadioButton, QScrollArea, QSizePolicy, QSpacerItem,
    QTabWidget, QTableWidget, QTableWidgetItem, QVBoxLayout,
    QWidget)

class Ui_SettingsDialog(object):
    def setupUi(self, SettingsDialog):
        if not SettingsDialog.objectName():
            SettingsDialog.setObjectName(u"SettingsDialog")
        SettingsDialog.resize(620, 600)
        self.mainLayout = QVBoxLayout(SettingsDialog)
        self.mainLayout.setObjectName(u"mainLayout")
        self.tabs = QTabWidget(SettingsDialog)
        self.tabs.setObjectName(u"tabs")
        self.rulesTab = QWidget()
        self.rulesTab.setObjectName(u"rulesTab")
        self.rulesTabLayout = QVBoxLayout(self.rulesTab)
        self.rulesTabLayout.setObjectName(u"rulesTabLayout")
        self.diceBox = QGroupBox(self.rulesTab)
        self.diceBox.setObjectName(u"diceBox")
        self.diceLayout = QVBoxLayout(self.diceBox)
        self.diceLayout.setObjectName(u"diceLayout")
        self.appDiceRadio = QRadioButton(self.diceBox)
        self.appDiceRadio.setObjectName(u"appDiceRadio")
        self.appDiceRadio.setChecked(True)

        self.diceLayout.addWidget(self.appDiceRadio)

        self.manualDiceRadio = QRadioButton(self.diceBox)
        self.manualDiceRadio.setObjectName(u"manualDiceRadio")

        self.diceLayout.addWidget(self.manualDiceRadio)


        self.rulesTabLayout.addWidget(self.diceBox)

        self.rulesBox = QGroupBox(self.rulesTab)
        self.rulesBox.setObjectName(u"rulesBox")
        self.rulesLayout = QVBoxLayout(self.rulesBox)
        self.rulesLayout.setObjectName(u"rulesLayout")
        self.rulesScroll = QScrollArea(self.rulesBox)
        self.rulesScroll.setObjectName(u"rulesScroll")
        self.rulesScroll.setFrameShape(QFrame.NoFrame)
        self.rulesScroll.setWidgetResizable(True)
        self.rulesContents = QWidget()
        self.rulesContents.setObjectName(u"rulesContents")
        self.rulesForm = QFormLayout(self.rulesContents)
        self.rulesForm.setObjectName(u"rulesForm")
        self.rulesForm.setFieldGrowthPolicy(QFormLayout.ExpandingFieldsGrow)
        self.rulesForm.setRowWrapPolicy(QFormLayout.DontWrapRows)
        self.rulesScroll.setWidget(self.rulesContents)

        self.rulesLayout.addWidget(self.rulesScroll)


        self.rulesTabLayout.addWidget(self.rulesBox)

        self.tabs.addTab(self.rulesTab, "")
        self.playersTab = QWidget()
        self.playersTab.setObjectName(u"playersTab")
        self.playersTabLayout = QVBoxLayout(self.playersTab)
        self.playersTabLayout.setObjectName(u"playersTabLayout")
        self.wordsIntro = QLabel(self.playersTab)
        self.wordsIntro.setObjectName(u"wordsIntro")
        self.wordsIntro.setWordWrap(True)

        self.playersTabLayout.addWidget(self.wordsIntro)

        self.wordsTable = QTableWidget(self.playersTab)
        if (self.wordsTable.columnCount() < 2):
            self.wordsTable.setColumnCount(2)
        __qtablewidgetitem = QTableWidgetItem()
        self.wordsTable.setHorizontalHeaderItem(0, __qtablewidgetitem)
        __qtablewidgetitem1 = QTableWidgetItem()
        self.wordsTable.setHorizontalHeaderItem(1, __qtablewidgetitem1)
        self.wordsTable.setObjectName(u"wordsTable")
        self.wordsTable.setSelectionMode(QAbstractItemView.SingleSelection)
        self.wordsTable.setWordWrap(True)
        self.wordsTable.horizontalHeader().setStretchLastSection(True)
        self.wordsTable.verticalHeader().setVisible(False)

        self.playersTabLayout.addWidget(self.wordsTable)

        self.wordsButtons = QHBoxLayout()
        self.wordsButtons.setObjectName(u"wordsButtons")
        self.wordsSpacer = QSpacerItem(0, 0, QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Minimum)

        self.wordsButtons.addItem(self.wordsSpacer)

        self.restoreWordsButton = QPushButton(self.playersTab)
        self.restoreWordsButton.setObjectName(u"restoreWordsButton")
        self.restoreWordsButton.setAutoDefault(False)

        self.wordsButtons.addWidget(self.restoreWordsButton)


        self.playersTabLayout.addLayout(self.wordsButtons)

        self.tabs.addTab(self.playersTab, "")

        self.mainLayout.addWidget(self.tabs)

        self.messageLabel = QLabel(SettingsDialog)
        self.messageLabel.setObjectName(u"messageLabel")
        self.messageLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.messageLabel.setWordWrap(True)

        self.mainLayout.addWidget(self.messageLabel)

        self.buttonBox = QDialogButtonBox(SettingsDialog)
        self.buttonBox.setObjectName(u"buttonBox")
        self.buttonBox.setStandardButtons(QDialogButtonBox.Cancel|QDialogButtonBox.Ok|QDialogButtonBox.RestoreDefaults)

        self.mainLayout.addWidget(self.buttonBox)


        self.retranslateUi(SettingsDialog)
        self.buttonBox.accepted.connect(SettingsDialog.accept)
        self.buttonBox.rejected.connect(SettingsDialog.reject)

        self.tabs.setCurrentIndex(0)


        QMetaObject.connectSlotsByName(SettingsDialog)
    # setupUi

    def retranslateUi(self, SettingsDialog):
        SettingsDialog.setWindowTitle(QCoreApplication.translate("SettingsDialog", u"Campaign settings", None))
        self.diceBox.setTitle(QCoreApplication.translate("SettingsDialog", u"Dice", None))
#if QT_CONFIG(tooltip)
        self.diceBox.setToolTip(QCoreApplication.translate("SettingsDialog", u"Who rolls the dice an action still needs", None))
#endif // QT_CONFIG(tooltip)
        self.appDiceRadio.setText(QCoreApplication.translate("SettingsDialog", u"&HarmDesk rolls", None))
#if QT_CONFIG(tooltip)
        self.appDiceRadio.setToolTip(QCoreApplication.translate("SettingsDialog", u"HarmDesk rolls missing dice and stores the faces in the log", None))
#endif // QT_CONFIG(tooltip)
        self.manualDiceRadio.setText(QCoreApplication.translate("SettingsDialog", u"&I roll my own dice", None))
#if QT_CONFIG(tooltip)
        self.manualDiceRadio.setToolTip(QCoreApplication.translate("SettingsDialog", u"HarmDesk asks for the faces of your physical dice", None))
#endif // QT_CONFIG(tooltip)
        self.rulesBox.setTitle(QCoreApplication.translate("SettingsDialog", u"Rule settings", None))
#if QT_CONFIG(tooltip)
        self.rulesBox.setToolTip(QCoreApplication.translate("SettingsDialog", u"How this campaign reads the rules where the texts leave a choice", None))
#endif // QT_CONFIG(tooltip)
#if QT_CONFIG(accessibility)
        self.rulesScroll.setAccessibleName(QCoreApplication.translate("SettingsDialog", u"Rule settings", None))
#endif // QT_CONFIG(accessibility)
        self.tabs.setTabText(self.tabs.indexOf(self.rulesTab), QCoreApplication.translate("SettingsDialog", u"Rules and dice", None))
        self.wordsIntro.setText(QCoreApplication.translate("SettingsDialog", u"What the players' display says of a character in each state of the game. Reword any of them: the new words hold in every campaign of this game.", None))
        ___qtablewidgetitem = self.wordsTable.horizontalHeaderItem(0)
        ___qtablewidgetitem.setText(QCoreApplication.translate("SettingsDialog", u"Shown when the character is", None))
        ___qtablewidgetitem1 = self.wordsTable.horizontalHeaderItem(1)
        ___qtablewidgetitem1.setText(QCoreApplication.translate("SettingsDialog", u"The players read", None))
#if QT_CONFIG(accessibility)
        self.wordsTable.setAccessibleName(QCoreApplication.translate("SettingsDialog", u"The players' words for each state", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.wordsTable.setToolTip(QCoreApplication.translate("SettingsDialog", u"Double-click or press F2 on the words to change them", None))
#endif // QT_CONFIG(tooltip)
        self.restoreWordsButton.setText(QCoreApplication.translate("SettingsDialog", u"Restore the game's &words", None))
#if QT_CONFIG(tooltip)
        self.restoreWordsButton.setToolTip(QCoreApplication.translate("SettingsDialog", u"Put back the game's own words for every state", None))
#endif // QT_CONFIG(tooltip)
        self.tabs.setTabText(self.tabs.indexOf(self.playersTab), QCoreApplication.translate("SettingsDialog", u"Players' display", None))
#if QT_CONFIG(tooltip)
        self.tabs.setTabToolTip(self.tabs.indexOf(self.playersTab), QCoreApplication.translate("SettingsDialog", u"The words the players' display shows for each state of this game", None))
#endif // QT_CONFIG(tooltip)
        self.messageLabel.setText("")
#if QT_CONFIG(accessibility)
        self.messageLabel.setAccessibleName(QCoreApplication.translate("SettingsDialog", u"Problem with the input", None))
#endif // QT_CONFIG(accessibility)
    # retranslateUi

