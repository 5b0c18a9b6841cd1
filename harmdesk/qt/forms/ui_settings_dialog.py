# Compiled from ui/settings_dialog.ui by ui/build.py; do not edit.
from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractButton, QApplication, QDialog, QDialogButtonBox,
    QFormLayout, QFrame, QGroupBox, QLabel,
    QRadioButton, QScrollArea, QSizePolicy, QVBoxLayout,
    QWidget)

class Ui_SettingsDialog(object):
    def setupUi(self, SettingsDialog):
        if not SettingsDialog.objectName():
            SettingsDialog.setObjectName(u"SettingsDialog")
        SettingsDialog.resize(620, 600)
        self.mainLayout = QVBoxLayout(SettingsDialog)
        self.mainLayout.setObjectName(u"mainLayout")
        self.diceBox = QGroupBox(SettingsDialog)
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


        self.mainLayout.addWidget(self.diceBox)

        self.rulesBox = QGroupBox(SettingsDialog)
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


        self.mainLayout.addWidget(self.rulesBox)

        self.messageLabel = QLabel(SettingsDialog)
        self.messageLabel.setObjectName(u"messageLabel")
        self.messageLabel.setWordWrap(True)

        self.mainLayout.addWidget(self.messageLabel)

        self.buttonBox = QDialogButtonBox(SettingsDialog)
        self.buttonBox.setObjectName(u"buttonBox")
        self.buttonBox.setStandardButtons(QDialogButtonBox.Cancel|QDialogButtonBox.Ok|QDialogButtonBox.RestoreDefaults)

        self.mainLayout.addWidget(self.buttonBox)


        self.retranslateUi(SettingsDialog)
        self.buttonBox.accepted.connect(SettingsDialog.accept)
        self.buttonBox.rejected.connect(SettingsDialog.reject)

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
        self.messageLabel.setText("")
#if QT_CONFIG(accessibility)
        self.messageLabel.setAccessibleName(QCoreApplication.translate("SettingsDialog", u"Problem with the input", None))
#endif // QT_CONFIG(accessibility)
    # retranslateUi

